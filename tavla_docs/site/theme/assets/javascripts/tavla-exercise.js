/* tavla-docs exercises: grade the play a reader completes on a try-it board, and line up a
 * practice series with its progress kept on the reader's device.
 *
 * An exercise board is a try-it board (tavla-try.js) with a second JSON script that the build
 * computed (tavla_docs/site/exercise.py): the goal in words and, for every legal play, whether it
 * meets the goal and the engine's reason when it does not. This script only looks the finished
 * play up there; it knows no rule and no goal. Progress lives in localStorage only: nothing is
 * sent anywhere. Without this script the figures stay as they are.
 */
(function () {
  "use strict";
  var STORE = "tavla-docs-practice:";

  // On a right-to-left page each value put into a sentence (a play, a point, a count) is a first-strong
  // isolate: "24/18 13/11" and "bar/22" stay left to right inside the sentence, an Arabic word does not.
  var RTL = document.documentElement.getAttribute("dir") === "rtl";
  function iso(v) { return RTL ? "\u2068" + v + "\u2069" : v; }
  function fmt(s, args) {
    return s.replace(/%\((\w+)\)[sd]/g, function (_, k) { return iso(args[k]); });
  }
  function el(tag, attrs, parent) {
    var e = document.createElement(tag);
    for (var k in attrs) { if (k === "text") e.textContent = attrs[k]; else e.setAttribute(k, attrs[k]); }
    if (parent) parent.appendChild(e);
    return e;
  }
  function load(key) {
    try { var v = JSON.parse(window.localStorage.getItem(STORE + key) || "[]"); return Array.isArray(v) ? v : []; }
    catch (e) { return []; }  // storage off (private mode, a policy): progress lasts for the visit only
  }
  function save(key, list) {
    try { window.localStorage.setItem(STORE + key, JSON.stringify(list)); } catch (e) { /* see load */ }
  }

  function Exercise(root) {
    var data = JSON.parse(root.querySelector("script.tavla-exercise__data").textContent), ui = data.ui;
    var board = root.querySelector("figure svg"), status = root.querySelector(".tavla-try__status");
    var head = root.querySelector(".tavla-try__head");
    var goal = el("p", { "class": "tavla-exercise__goal", id: board.id + "-goal" });
    el("strong", { text: ui.label + ": " }, goal);
    goal.appendChild(document.createTextNode(data.goal));
    head.insertAdjacentElement("afterend", goal);
    board.classList.add("try-exercise");  // the figure's arrows would give the answer away
    board.setAttribute("aria-describedby", (goal.id + " " + (board.getAttribute("aria-describedby") || "")).trim());
    root.addEventListener("tavla-try-done", function (ev) {
      if (ev.detail.frame !== 0) return;  // a story's later frames are for playing on, not graded
      var g = data.g[ev.detail.play];
      if (!g) return;
      var text = g[0] ? fmt(ui.ok, { play: ev.detail.play }) : fmt(ui.no, { why: data.why[g[1]] });
      status.textContent = status.textContent + " " + text;
      status.className = "tavla-try__status tavla-try__status--" + (g[0] ? "ok" : "no");
      root.classList.toggle("tavla-exercise--solved", !!g[0]);
      if (g[0]) root.dispatchEvent(new CustomEvent("tavla-exercise-solved", { bubbles: true }));
    });
    return ui;
  }

  // A practice series: one board at a time, numbered buttons to go between them (a check mark on
  // the solved ones), the count solved, "Next exercise", and a button that starts over.
  function Practice(box, ui) {
    var key = box.getAttribute("data-tavla-practice");
    var boards = Array.prototype.filter.call(box.children, function (c) { return c.hasAttribute("data-tavla-exercise"); });
    var names = boards.map(function (b) { return b.getAttribute("data-tavla-try"); });
    var solved = load(key).filter(function (n) { return names.indexOf(n) >= 0; });
    var nav = el("div", { "class": "tavla-practice__nav" });
    box.insertBefore(nav, box.firstChild);
    var progress = el("p", { "class": "tavla-practice__progress", role: "status" }, nav);
    var list = el("ol", { "class": "tavla-practice__list" }, nav);
    var items = names.map(function (n, i) {
      var b = el("button", { type: "button", "class": "tavla-practice__item" }, el("li", {}, list));
      b.addEventListener("click", function () { show(i, true); });
      return b;
    });
    var after = el("div", { "class": "tavla-practice__after" });
    box.appendChild(after);
    var next = el("button", { type: "button", "class": "tavla-try__btn tavla-practice__next", text: ui.next }, after);
    var again = el("button", { type: "button", "class": "tavla-try__btn tavla-practice__again", text: ui.again }, after);
    var cur = 0;
    next.addEventListener("click", function () { show(cur + 1, true); });
    again.addEventListener("click", function () {
      solved = [];
      save(key, solved);
      boards.forEach(function (b) { b.classList.remove("tavla-exercise--solved"); });
      show(0, true);
    });
    box.addEventListener("tavla-exercise-solved", function (ev) {
      var n = ev.target.getAttribute("data-tavla-try");
      if (solved.indexOf(n) < 0) { solved.push(n); save(key, solved); }
      draw();
    });
    function draw() {
      progress.textContent = fmt(ui.solved, { num: solved.length, count: names.length });
      items.forEach(function (b, i) {
        var done = solved.indexOf(names[i]) >= 0, label = fmt(ui.of, { num: i + 1, count: names.length });
        b.textContent = String(i + 1) + (done ? " \u2713" : "");
        b.setAttribute("aria-label", done ? label + ", " + ui.done : label);
        if (i === cur) b.setAttribute("aria-current", "step"); else b.removeAttribute("aria-current");
      });
      next.hidden = cur >= names.length - 1;
      next.classList.toggle("tavla-try__btn--next", solved.indexOf(names[cur]) >= 0);
    }
    function show(i, moveFocus) {
      cur = Math.max(0, Math.min(i, names.length - 1));
      boards.forEach(function (b, k) { b.hidden = k !== cur; });
      draw();
      if (moveFocus) items[cur].focus();
    }
    var first = names.findIndex(function (n) { return solved.indexOf(n) < 0; });
    show(first < 0 ? 0 : first, false);
  }

  function start() {
    var ui = null;
    Array.prototype.forEach.call(document.querySelectorAll("[data-tavla-exercise].tavla-try--on"), function (root) {
      if (!root.classList.contains("tavla-exercise--on")) { ui = Exercise(root); root.classList.add("tavla-exercise--on"); }
    });
    if (!ui) return;
    Array.prototype.forEach.call(document.querySelectorAll("[data-tavla-practice]"), function (box) {
      if (!box.classList.contains("tavla-practice--on")) { Practice(box, ui); box.classList.add("tavla-practice--on"); }
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
