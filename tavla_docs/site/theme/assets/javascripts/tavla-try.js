/* tavla-docs "try it" boards: play a scenario's roll on its figure.
 *
 * Each `[data-tavla-try]` block holds a figure and, in a JSON script, the legal plays as a tree
 * of single-die steps that the build computed (tavla_docs/site/tryit.py). This script only walks
 * that tree: a step is allowed when it is an edge, and a refused step shows the reason the
 * engine gave for it. It knows no rule of the game. Without this script the figure is unchanged.
 * Plain JavaScript, no dependencies, nothing loaded from the network.
 */
(function () {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";
  var OFF = 0, BAR = 25;

  // On a right-to-left page each value put into a sentence (a play, a point, a count) is a first-strong
  // isolate: "24/18 13/11" and "bar/22" stay left to right inside the sentence, an Arabic word does not.
  var RTL = document.documentElement.getAttribute("dir") === "rtl";
  function iso(v) { return RTL ? "\u2068" + v + "\u2069" : v; }
  function fmt(s, args) {
    return s.replace(/%\((\w+)\)[sd]/g, function (_, k) { return iso(args[k]); });
  }
  function node(ns, tag, attrs, parent) {
    var e = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
    for (var k in attrs) { if (k === "text") e.textContent = attrs[k]; else e.setAttribute(k, attrs[k]); }
    if (parent) parent.appendChild(e);
    return e;
  }
  function html(tag, attrs, parent) { return node(null, tag, attrs, parent); }
  function svg(tag, attrs, parent) { return node(NS, tag, attrs, parent); }
  function clone(pos) { return { w: pos.w.slice(), b: pos.b.slice(), pins: pos.pins.map(function (p) { return p.slice(); }) }; }
  // A checker's route as one move: `5/off`, or with the points it hits on the way, `24/18*/13`.
  function routeText(steps) {
    var t = steps[0][0] === BAR ? "bar" : String(steps[0][0]);
    steps.forEach(function (e, i) {
      var d = Math.max(e[0] - e[1], OFF);
      if (e[2] || i === steps.length - 1) t += "/" + (d === OFF ? "off" : d) + (e[2] ? "*" : "");
    });
    return t;
  }
  function reduced() {
    return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  function Board(root) {
    var data = JSON.parse(root.querySelector("script.tavla-try__data").textContent);
    var ui = data.ui, geo = data.geo, why = data.why;
    var fig = root.querySelector("figure"), board = fig.querySelector("svg");
    var pid = board.id;
    var gCheckers = board.querySelector("g.checkers");
    var original = gCheckers.cloneNode(true);
    var fi, frame, side, other, pos, at, path, sel, hint, timer, drag;

    // ---- numbering: own points of a side <-> board points (White's numbering) ----
    function toBoard(s, p) { return s === "w" ? p : data.bmap[p]; }
    function own(s) { return s === "w" ? pos.w : pos.b; }
    function countAt(s, b) { return own(s)[toBoard(s, b)]; }
    function pinnedAt(s, b) {
      var p = toBoard(s, b);
      return pos.pins.some(function (q) { return q[0] === s && q[1] === p; });
    }

    // ---- the tree ----
    function nodeAt() { return frame.n[at]; }
    function edges() {
      var e = nodeAt()[1], out = [];
      for (var i = 0; i < e.length; i += 4) out.push(e.slice(i, i + 4));
      return out;
    }
    function refusals() {
      var r = nodeAt()[2], out = [];
      for (var i = 0; i < r.length; i += 3) out.push(r.slice(i, i + 3));
      return out;
    }
    function dst(src, die) { return Math.max(src - die, OFF); }
    function usable() { return usableAt(nodeAt()); }
    // The dice that may be played at a node: every mover's checker has, for each, an edge or a refusal.
    function usableAt(nd) {
      var d = [], i;
      for (i = 0; i < nd[1].length; i += 4) if (d.indexOf(nd[1][i + 1]) < 0) d.push(nd[1][i + 1]);
      for (i = 0; i < nd[2].length; i += 3) if (d.indexOf(nd[2][i + 1]) < 0) d.push(nd[2][i + 1]);
      return d.sort(function (a, b) { return b - a; });
    }
    // Dice that take a checker from src to d now: the exact die first, then larger ones bearing off.
    function diceTo(src, d) {
      return usable().filter(function (die) { return dst(src, die) === d; })
        .sort(function (a, b) { return (src - a !== d) - (src - b !== d) || a - b; });
    }
    function refusal(src, die) {
      var r = refusals().filter(function (x) { return x[0] === src && x[1] === die; })[0];
      return r ? why[r[2]] : null;
    }
    function edgeOf(src, die) {
      return edges().filter(function (e) { return e[0] === src && e[1] === die; })[0];
    }
    function complete() { return nodeAt()[0] >= 0; }
    // Where one checker on src can go from here, through one die or several (both dice, all four
    // of a double) along edges of the tree: per destination the route of fewest steps, then of
    // fewest hits, then of the smallest dice (bearing off: the exact die before a larger one).
    // `no` keeps, per destination, the first refusal met on the way there.
    function routes(src) {
      var best = {}, list = [], no = {}, queue = [[at, src, []]], seen = {};
      while (queue.length) {
        var q = queue.shift(), nd = frame.n[q[0]], i;
        if (seen[q[0] + ":" + q[1]]) continue;
        seen[q[0] + ":" + q[1]] = true;
        for (i = 0; i < nd[2].length; i += 3) {
          if (nd[2][i] === q[1] && no[dst(q[1], nd[2][i + 1])] === undefined) no[dst(q[1], nd[2][i + 1])] = why[nd[2][i + 2]];
        }
        for (i = 0; i < nd[1].length; i += 4) {
          if (nd[1][i] !== q[1]) continue;
          var e = nd[1].slice(i, i + 4), d = dst(e[0], e[1]), steps = q[2].concat([e]);
          var r = { steps: steps, hits: 0, sum: 0 }, old = best[d];
          steps.forEach(function (x) { r.hits += x[2]; r.sum += x[1]; });
          if (!old) list.push(d);
          if (!old || (steps.length - old.steps.length || r.hits - old.hits || r.sum - old.sum) < 0) best[d] = r;
          if (d !== OFF) queue.push([e[3], d, steps]);
        }
      }
      return { to: best, list: list, no: no };
    }

    // ---- the position: steps applied by counting (which steps exist is the tree's business) ----
    function apply(p, e) {
      var mine = side === "w" ? p.w : p.b, theirs = side === "w" ? p.b : p.w;
      var src = e[0], d = dst(e[0], e[1]), q;
      mine[src] -= 1;
      mine[d] += 1;
      if (e[2] && d !== OFF) {
        q = toBoard(other, toBoard(side, d));
        if (data.blot === "pin") p.pins.push([other, q]);
        else { theirs[q] -= 1; theirs[BAR] += 1; }
      }
      if (src !== BAR && !mine[src]) {
        q = toBoard(other, toBoard(side, src));
        p.pins = p.pins.filter(function (x) { return !(x[0] === other && x[1] === q); });
      }
    }

    // ---- drawing ----
    var layer = svg("g", { "class": "try-layer" }, board);
    var gTrail = svg("g", { "class": "try-trail" }, layer);
    var gPins = svg("g", { "class": "try-pins" }, layer);
    var gCounts = svg("g", { "class": "try-counts" }, layer);
    var gMarks = svg("g", { "class": "try-marks" }, layer);
    var gHit = svg("g", { "class": "try-hits" }, layer);

    function slot(s, p, i) {  // centre of the i-th checker of side s on its own point p
      var g = p === BAR ? geo.side[s].bar : p === OFF ? geo.side[s].off : geo.pt[toBoard(s, p)];
      if (p !== OFF) i = Math.min(i, geo.vis - 1);
      return [g[0], g[1] + i * g[2]];
    }
    function use(cls, b, href, xy, parent) {
      return svg("use", { "class": cls, "data-point": String(b), href: "#" + pid + href, x: xy[0], y: xy[1] }, parent);
    }
    function count(parent, cls, b, n, xy) {
      svg("text", { "class": cls, "data-point": String(b), "data-count": String(n), x: xy[0], y: xy[1], text: String(n) }, parent);
    }
    function drawPosition() {
      var g = gCheckers.cloneNode(false), names = { w: "white", b: "black" };
      while (gCounts.firstChild) gCounts.removeChild(gCounts.firstChild);
      while (gPins.firstChild) gPins.removeChild(gPins.firstChild);
      for (var b = 1; b <= 24; b++) {
        var stack = ["w", "b"].filter(function (s) { return countAt(s, b); })
          .sort(function (s) { return pinnedAt(s, b) ? -1 : 1; });
        var i = 0;
        stack.forEach(function (s) {
          var n = countAt(s, b), shown = Math.max(1, Math.min(n, geo.vis - i));
          for (var k = 0; k < shown; k++) {
            var pinned = pinnedAt(s, b) && i + k === 0;
            var c = use("checker " + names[s] + (pinned ? " pinned" : ""), b, "-c", slot(s, toBoard(s, b), i + k), g);
            if (pinned) {
              c.setAttribute("data-pinned", "true");
              var xy = slot(s, toBoard(s, b), 0);
              svg("circle", { "class": "try-pin", cx: xy[0], cy: xy[1], r: 19.5 }, gPins);
            }
          }
          if (shown < n) count(gCounts, "count " + names[s], b, n, slot(s, toBoard(s, b), i + shown - 1));
          i += shown;
        });
      }
      ["w", "b"].forEach(function (s) {
        var n = own(s)[BAR], k;
        for (k = 0; k < Math.min(n, geo.vis); k++) use("checker " + names[s], "bar", "-c", slot(s, BAR, k), g);
        if (n > geo.vis) count(gCounts, "count " + names[s], "bar", n, slot(s, BAR, geo.vis - 1));
      });
      ["w", "b"].forEach(function (s) {
        var n = own(s)[OFF];
        for (var k = 0; k < n; k++) use("checker " + names[s], "off", "-s", slot(s, OFF, k), g);
        if (n) count(g, "tray-n " + names[s], "off", n, geo.side[s].cnt);
      });
      gCheckers.parentNode.replaceChild(g, gCheckers);
      gCheckers = g;
    }
    function pips(s) {
      var a = own(s), n = 0;
      for (var p = 1; p <= 25; p++) n += p * a[p];
      return n;
    }
    function drawInfo() {
      var texts = board.querySelectorAll("text.info[data-side]"), turn = board.querySelector("path.turn");
      var x = {};
      Array.prototype.forEach.call(texts, function (t) {
        var s = t.getAttribute("data-side") === "white" ? "w" : "b";
        x[s] = +t.getAttribute("x");
        var old = t.getAttribute("data-pips");
        if (old !== null) {
          var now = String(pips(s)), one = t.getAttribute("data-pip-one"), many = t.getAttribute("data-pip-many");
          var noun = function (n) { return n === "1" ? one : many; };  // "1 pip", "0 pips"
          t.textContent = one === null ? t.textContent.replace(old, now)
            : t.textContent.replace(old + " " + noun(old), now + " " + noun(now));
          t.setAttribute("data-pips", now);
        }
        t.classList.toggle("on-turn", s === side);
      });
      if (turn && x.w !== undefined && x.b !== undefined) {
        var first = data.frames[data.at].side;
        turn.setAttribute("transform", side === first ? "" : "translate(" + (x[side] - x[first]) + ",0)");
      }
    }
    function xyOf(s, p) {  // where the top checker on side s's own point p is
      var n = p === BAR || p === OFF ? own(s)[p] : countAt(s, toBoard(s, p));
      return slot(s, p, Math.max(0, n - 1));
    }
    function trail(e, from) {
      var to = xyOf(side, dst(e[0], e[1]));
      svg("line", { "class": "try-arrow", x1: from[0], y1: from[1], x2: to[0], y2: to[1] }, gTrail);
      svg("circle", { "class": "try-arrow-end", cx: to[0], cy: to[1], r: 5 }, gTrail);
    }

    // ---- the focusable points over the board ----
    var targets = [];
    function rect(g) { return { x: g[3], y: g[4], width: g[5], height: g[6] }; }
    function addTarget(p, g) {
      var r = rect(g);
      var t = svg("rect", { "class": "try-hit", tabindex: "-1", role: "button", "data-own": String(p),
        "data-point": p === BAR ? "bar" : p === OFF ? "off" : String(toBoard(side, p)),
        x: r.x, y: r.y, width: r.width, height: r.height }, gHit);
      targets.push({ p: p, el: t, cx: r.x + r.width / 2, cy: r.y + r.height / 2 });
    }
    function buildTargets() {
      while (gHit.firstChild) gHit.removeChild(gHit.firstChild);
      targets = [];
      if (data.bar) addTarget(BAR, geo.side[side].bar);
      for (var p = 24; p >= 1; p--) addTarget(p, geo.pt[toBoard(side, p)]);
      addTarget(OFF, geo.side[side].off);
      // Tab lands first on a checker that can move (else one of the mover's, else the first point).
      var movable = edges().map(function (e) { return e[0]; });
      var first = targets.filter(function (t) { return movable.indexOf(t.p) >= 0; })[0] ||
        targets.filter(function (t) { return t.p !== OFF && own(side)[t.p]; })[0] || targets[0];
      first.el.setAttribute("tabindex", "0");
    }
    function target(p) { return targets.filter(function (t) { return t.p === p; })[0]; }
    function placeName(p) {
      return p === BAR ? ui.bar : p === OFF ? ui.off : fmt(ui.point, { point: p });
    }
    // A plural message: [one, other] (a language with two forms), or {CLDR category: form} (tryit.py).
    var rules = window.Intl && Intl.PluralRules ? new Intl.PluralRules(document.documentElement.lang || undefined) : null;
    function plural(forms, n) {
      return Array.isArray(forms) ? forms[n === 1 ? 0 : 1] : forms[rules ? rules.select(n) : "other"] || forms.other;
    }
    function countText(n) { return fmt(plural(ui.count, n), { num: n }); }
    function label(p) {
      var name = placeName(p), names = { w: ui.white, b: ui.black };
      if (p === BAR || p === OFF) return [names[side], name, countText(own(side)[p])].join(", ");
      var b = toBoard(side, p);
      var parts = ["w", "b"].filter(function (s) { return countAt(s, b); }).map(function (s) {
        return [names[s], countText(countAt(s, b))].concat(pinnedAt(s, b) ? [ui.pinned] : []).join(", ");
      });
      if (!parts.length) return name + ", " + ui.empty;
      if (parts.length === 1) { var s = countAt("w", b) ? "w" : "b"; return [names[s], name].concat(parts[0].split(", ").slice(1)).join(", "); }
      return name + ": " + parts.join("; ");
    }

    // ---- the panel ----
    function button(key, text, fn, parent) {
      var b = html("button", { type: "button", "class": "tavla-try__btn", "data-action": key, text: text }, parent);
      b.addEventListener("click", function () { stop(); fn(); });
      return b;
    }
    // Above the board its title; right under it the feedback (in view of the board on a phone),
    // then the dice, the buttons, typing, and the help (for keys, or on a touch screen for fingers).
    var boardBox = fig.querySelector(".tavla-figure__board");
    var head = html("p", { "class": "tavla-try__head" });
    boardBox.insertAdjacentElement("beforebegin", head);
    html("strong", { text: ui.title, id: pid + "-try-title" }, head);
    var frameLabel = html("span", { "class": "tavla-try__frame", id: pid + "-try-frame" }, head);
    var panel = html("div", { "class": "tavla-try__panel" });
    boardBox.insertAdjacentElement("afterend", panel);
    var status = html("p", { "class": "tavla-try__status", role: "status", "aria-live": "polite" }, panel);
    var frameText = html("p", { "class": "tavla-try__caption" }, panel);
    var diceBox = html("p", { "class": "tavla-try__dice", role: "group", "aria-label": ui.dice }, panel);
    var bar = html("div", { "class": "tavla-try__bar" }, panel);
    var bUndo = button("undo", ui.undo, undo, bar);
    button("reset", ui.reset, function () { reset(); if (frame.none < 0 && frame.dice.length) say(ui.start); }, bar);
    button("hint", ui.hint, showHint, bar);
    var bAll = button("all", "", togglePlays, bar);
    var many = data.frames.length > 1;
    var bPrev = many ? button("prev", ui.prev, function () { go(fi - 1); }, bar) : null;
    var bNext = many ? button("next", ui.next, function () { go(fi + 1); }, bar) : null;
    var bShow = button("show", many ? ui.play : ui.figure, function () { showPlay(many); }, bar);
    var form = html("form", { "class": "tavla-try__form" }, panel);
    var lab = html("label", { text: ui.type + " " }, form);
    var input = html("input", { type: "text", autocomplete: "off", spellcheck: "false", "class": "tavla-try__input" }, lab);
    html("button", { type: "submit", "class": "tavla-try__btn", text: ui["try"] }, form);
    var list = html("ol", { "class": "tavla-try__plays", hidden: "" }, panel);
    var help = html("p", { "class": "tavla-try__help" }, panel);
    html("span", { "class": "tavla-try__keys", id: pid + "-try-keys", text: ui.board }, help);
    html("span", { "class": "tavla-try__touch", id: pid + "-try-touch", text: ui.touch }, help);
    form.addEventListener("submit", function (ev) { ev.preventDefault(); stop(); typed(input.value); });

    // A short name ("Try it", the step); the figure's description, caption and the help describe it.
    board.setAttribute("role", "group");
    var described = (board.getAttribute("aria-labelledby") || "").split(" ").filter(function (id) { return id && id !== pid + "-title"; })
      .concat((board.getAttribute("aria-describedby") || "").split(" "), [pid + "-try-keys", pid + "-try-touch"]);
    board.setAttribute("aria-labelledby", pid + "-try-title " + pid + "-try-frame");
    board.setAttribute("aria-describedby", described.filter(Boolean).join(" "));
    root.classList.add("tavla-try--on");

    function say(text, kind) {
      status.textContent = text;
      status.className = "tavla-try__status" + (kind ? " tavla-try__status--" + kind : "");
    }

    // ---- state ----
    function moved() { return path.length > 0 || fi !== data.at; }
    function render() {
      board.classList.toggle("try-moved", moved());
      board.classList.toggle("try-other", fi !== data.at);
      if (moved()) drawPosition();
      else if (gCheckers.innerHTML !== original.innerHTML) {
        var g = original.cloneNode(true);
        gCheckers.parentNode.replaceChild(g, gCheckers);
        gCheckers = g;
        while (gCounts.firstChild) gCounts.removeChild(gCounts.firstChild);
        while (gPins.firstChild) gPins.removeChild(gPins.firstChild);
      }
      drawInfo();
      marks();
      dice();
      bUndo.disabled = !path.length;
      if (bPrev) { bPrev.disabled = fi === 0; bNext.disabled = fi === data.frames.length - 1; }
      bNext && bNext.classList.toggle("tavla-try__btn--next", complete() && fi < data.frames.length - 1);
      bShow.disabled = !frame.show.length;
    }
    function marks() {
      while (gMarks.firstChild) gMarks.removeChild(gMarks.firstChild);
      var dests = sel === null ? [] : routes(sel).list;
      board.classList.toggle("try-playing", moved() || sel !== null || hint !== null);
      targets.forEach(function (t) {
        var cls = sel === t.p ? "try-sel" : hint && hint.p === t.p ? "try-hint" : dests.indexOf(t.p) >= 0 ? "try-dest" : null;
        t.el.classList.toggle("try-own", t.p !== OFF && own(side)[t.p] > 0);
        var extra = sel === t.p ? [ui.sel] : dests.indexOf(t.p) >= 0 ? [ui.dest] : [];
        t.el.setAttribute("aria-label", [label(t.p)].concat(extra).join(", "));
        if (cls) svg("rect", { "class": cls, x: t.el.getAttribute("x"), y: t.el.getAttribute("y"),
          width: t.el.getAttribute("width"), height: t.el.getAttribute("height"), rx: 4 }, gMarks);
      });
    }
    function dice() {
      while (diceBox.firstChild) diceBox.removeChild(diceBox.firstChild);
      html("span", { "class": "tavla-try__dice-label", text: ui.dice + ":" }, diceBox);
      var used = path.map(function (s) { return s.e[1]; });
      frame.dice.forEach(function (d) {
        var k = used.indexOf(d), done = k >= 0;
        if (done) used.splice(k, 1);
        html("span", { "class": "tavla-try__die" + (done ? " tavla-try__die--used" : ""), "data-die": String(d),
          role: "img", "aria-label": done ? d + ", " + ui.used : String(d), text: String(d) }, diceBox);
      });
    }
    function setFrame(k) {
      fi = k;
      frame = data.frames[k];
      side = frame.side;
      other = side === "w" ? "b" : "w";
      frameLabel.textContent = frame.label ? " · " + frame.label : "";
      frameText.textContent = fi === data.at ? "" : [frame.caption, frame.facts].filter(Boolean).join(" · ");
      frameText.hidden = fi === data.at;
      var n = frame.plays.length;
      bAll.textContent = fmt(ui.all[n === 1 ? 0 : 1], { num: n });
      list.hidden = true;
      while (list.firstChild) list.removeChild(list.firstChild);
      frame.plays.forEach(function (p) { html("li", { text: iso(p) }, list); });
      pos = { w: frame.pos[0].slice(), b: frame.pos[1].slice(), pins: frame.pos[2].map(function (x) { return x.slice(); }) };
      path = [];
      at = 0;
      sel = null;
      hint = null;
      while (gTrail.firstChild) gTrail.removeChild(gTrail.firstChild);
      buildTargets();
      render();
      if (frame.none >= 0) say(why[frame.none]);
      else if (!frame.dice.length) say(ui.noroll);
      else say("");
    }
    function reset() { setFrame(fi); }
    function go(k) {
      if (k < 0 || k >= data.frames.length) return;
      setFrame(k);
      if (frame.none < 0) say([frame.label, frame.caption].filter(Boolean).join(": "));
    }

    // ---- playing ----
    function step(e, quiet, g) {
      var from = xyOf(side, e[0]);
      path.push({ e: e, from: at, g: g || {} });
      apply(pos, e);
      at = e[3];
      sel = null;
      hint = null;
      render();
      trail(e, from);
      if (!quiet) announce([e]);
    }
    function announce(steps) {
      var text = fmt(ui.played, { move: routeText(steps) });
      if (complete()) return done(text);
      say(text + ". " + fmt(ui.left, { list: usable().join(", ") }));
    }
    function done(prefix) {
      var play = frame.plays[nodeAt()[0]], parts = [fmt(ui.done, { play: play }) + "."], ex = root.hasAttribute("data-tavla-exercise");
      if (frame.show.length && !ex) {
        var same = path.length === frame.show.length && samePlay();
        parts.push(same ? ui.same : fmt(ui.other, { play: frame.plays[showEnd()] || "" }));
      }
      say((prefix ? prefix + ". " : "") + parts.join(" "), "ok");
      // tavla-exercise.js grades the play (frame 0 is the exercise's)
      if (ex) root.dispatchEvent(new CustomEvent("tavla-try-done", { detail: { play: play, frame: fi } }));
    }
    function showEnd() {  // the play index the figure's play reaches
      var k = 0;
      for (var i = 0; i < frame.show.length; i++) {
        var s = frame.show[i], e = frame.n[k][1], found = -1;
        for (var j = 0; j < e.length; j += 4) if (e[j] === s[0] && e[j + 1] === s[2]) found = e[j + 3];
        if (found < 0) return -1;
        k = found;
      }
      return frame.n[k][0];
    }
    function samePlay() { return nodeAt()[0] === showEnd(); }
    function undo() {  // takes back the last gesture: one die, or a checker moved through several
      if (!path.length) return;
      var g = path[path.length - 1].g, last = path.filter(function (s) { return s.g === g; });
      var rest = path.slice(0, path.length - last.length);
      pos = { w: frame.pos[0].slice(), b: frame.pos[1].slice(), pins: frame.pos[2].map(function (x) { return x.slice(); }) };
      path = [];
      at = 0;
      while (gTrail.firstChild) gTrail.removeChild(gTrail.firstChild);
      rest.forEach(function (s) { step(s.e, true); });
      sel = null;
      render();
      say(fmt(ui.undone, { move: routeText(last.map(function (s) { return s.e; })) }));
    }
    function activate(p) {
      if (!edges().length) {
        if (frame.none >= 0) return say(why[frame.none], "no");
        if (!frame.dice.length) return say(ui.noroll);
        return done("");
      }
      if (sel !== null) {
        if (p === sel) { sel = null; marks(); return say(ui.cancel); }
        var r = routes(sel), ds = diceTo(sel, p);
        if (r.to[p]) return playRoute(r.to[p].steps);
        if (ds.length) return refuse(refusal(sel, ds[0]) || ui.rule, p);
        if (p !== OFF && own(side)[p]) return pick(p);
        return refuse(r.no[p] || fmt(ui.nodie, { dice: usable().join(", ") }), p);
      }
      if (p === OFF || !own(side)[p]) return refuse(ui.nochecker, p);
      pick(p);
    }
    function playRoute(steps) {
      var g = {};
      steps.forEach(function (e) { step(e, true, g); });
      announce(steps);
    }
    function pick(p) {
      var r = routes(p);
      hint = null;
      if (!r.list.length) {
        sel = null;
        marks();
        var reasons = [];
        usable().forEach(function (d) { var r = refusal(p, d); if (r && reasons.indexOf(r) < 0) reasons.push(r); });
        return refuse(fmt(ui.stuck, { place: label(p), why: reasons.join(" · ") }), p);
      }
      sel = p;
      marks();
      say(fmt(ui.picked, { place: label(p), list: r.list.map(function (d) { return routeText(r.to[d].steps); }).join(", ") }));
    }
    function refuse(text, p) {
      say(text, "no");
      var t = target(p);
      if (t) {
        var m = svg("rect", { "class": "try-no", x: t.el.getAttribute("x"), y: t.el.getAttribute("y"),
          width: t.el.getAttribute("width"), height: t.el.getAttribute("height"), rx: 4 }, gMarks);
        setTimeout(function () { if (m.parentNode) m.parentNode.removeChild(m); }, 1200);
      }
    }
    function showHint() {
      var es = edges();
      if (!es.length) {
        if (frame.none >= 0) say(why[frame.none], "no");
        else if (complete()) done("");
        return;
      }
      var want = frame.show[path.length], e = es[0];
      if (want && samePrefix()) e = edgeOf(want[0], want[2]) || e;
      if (!hint || hint.e !== e.join()) {
        hint = { e: e.join(), p: e[0] };
        say(fmt(ui.hint1, { place: placeName(e[0]) }));
      } else {
        hint = { e: e.join(), p: dst(e[0], e[1]) };
        sel = e[0];
        say(fmt(ui.hint2, { move: routeText([e]) }));
      }
      marks();
    }
    function samePrefix() {
      return path.every(function (s, i) { var w = frame.show[i]; return w && w[0] === s.e[0] && w[2] === s.e[1]; });
    }
    function togglePlays() {
      list.hidden = !list.hidden;
      bAll.textContent = list.hidden ? fmt(ui.all[frame.plays.length === 1 ? 0 : 1], { num: frame.plays.length }) : ui.hide;
    }
    // Play a list of edges one by one (the figure's play, a typed play), then call `then`.
    function run(steps, then) {
      var delay = reduced() ? 0 : 650;
      function next(i) {
        if (i === steps.length) { timer = null; return then && then(); }
        step(steps[i]);
        timer = delay ? setTimeout(function () { next(i + 1); }, delay) : null;
        if (!delay) next(i + 1);
      }
      next(0);
    }
    function stop() { if (timer) { clearTimeout(timer); timer = null; } }
    function showPlay(story) {
      reset();
      var k = 0, steps = [];
      for (var i = 0; i < frame.show.length; i++) {
        var s = frame.show[i], e = frame.n[k][1], found = null;
        for (var j = 0; j < e.length; j += 4) if (e[j] === s[0] && e[j + 1] === s[2]) found = e.slice(j, j + 4);
        if (!found) break;
        steps.push(found);
        k = found[3];
      }
      run(steps, function () {
        if (story && !reduced() && fi < data.frames.length - 1) {
          timer = setTimeout(function () { go(fi + 1); showPlay(true); }, 1200);
        }
      });
    }

    // ---- a typed play: its moves walked through the tree in the order typed (rules.md: the order
    // of the dice can matter), each move's dice in either order; the deepest refusal is the reason ----
    function parse(text) {
      var paths = [], ok = true;
      text.trim().split(/\s+/).forEach(function (tok) {
        var m = /^(bar|\d{1,2})((?:\/(?:off|\d{1,2})\*?)+)(?:\((\d)\))?$/i.exec(tok);
        if (!m) { ok = false; return; }
        var src = /bar/i.test(m[1]) ? BAR : +m[1];
        var stops = m[2].split("/").slice(1).map(function (s) { return /off/i.test(s) ? OFF : parseInt(s, 10); });
        for (var c = 0; c < (+m[3] || 1); c++) paths.push([src, stops]);
      });
      return ok && paths.length ? paths : null;
    }
    function typed(text) {
      var paths = parse(text);
      if (!paths) return say(ui.syntax, "no");
      var best = { depth: -1, why: ui.syntax };
      function fail(depth, text) { if (depth > best.depth) best = { depth: depth, why: text }; }
      function search(k, ps, done) {
        var nd = frame.n[k], i;
        if (!ps.length) {
          if (nd[0] >= 0) return done;
          fail(done.length, ui.incomplete);
          return null;
        }
        var cur = ps[0][0], to = ps[0][1][0], rest = ps.slice(1);
        for (i = 0; i < nd[1].length; i += 4) {
          var e = nd[1].slice(i, i + 4), d = dst(e[0], e[1]);
          if (e[0] !== cur || !(d === to || (d > to && d !== OFF))) continue;
          var left = d === to ? (ps[0][1].length > 1 ? [[d, ps[0][1].slice(1)]] : []) : [[d, ps[0][1]]];
          var found = search(e[3], left.concat(rest), done.concat([e]));
          if (found) return found;
        }
        for (i = 0; i < nd[2].length; i += 3) {
          var r = nd[2].slice(i, i + 3), rd = dst(r[0], r[1]);
          if (r[0] === cur && (rd === to || (rd > to && rd !== OFF))) fail(done.length, why[r[2]]);
        }
        fail(done.length - 0.5, fmt(ui.nodie, { dice: usableAt(nd).join(", ") }));
        return null;
      }
      var found = search(0, paths, []);
      if (!found) return say(fmt(ui.illegal, { play: text.trim(), why: best.why }), "no");
      reset();
      run(found);
    }
    // ---- pointer and keyboard ----
    function targetOf(el) {
      var own = el && el.closest ? el.closest("rect.try-hit") : null;
      return own ? +own.getAttribute("data-own") : null;
    }
    // A press that ends where it began is a tap (touch) or a click (mouse): it is handled on
    // pointerup, as Chromium may drop the click of a tap right after a drag; a click with no
    // press before it (a screen reader's) is handled as a click.
    var pressed = 0;
    gHit.addEventListener("click", function (ev) {
      var p = targetOf(ev.target);
      if (Date.now() - pressed < 1000 || p === null) return;
      stop();
      focus(p);
      activate(p);
    });
    // A drag (mouse, pen or finger: the board's `touch-action` keeps a finger's drag from
    // scrolling) picks a checker and drops it where it is let go; a cancelled drag leaves nothing.
    gHit.addEventListener("pointerdown", function (ev) {
      var p = targetOf(ev.target);
      if (p === null || ev.button !== 0) return;
      // A mouse's press starts no text selection, nor a drag of one already made (Chromium's
      // drag of selected text would cancel this one)
      if (ev.pointerType !== "touch") ev.preventDefault();
      endDrag();
      drag = { p: p, x: ev.clientX, y: ev.clientY, moved: false, ghost: null, own: p !== OFF && own(side)[p] > 0 };
      window.addEventListener("pointermove", onMove);
      window.addEventListener("pointerup", onUp);
      window.addEventListener("pointercancel", onCancel);
    });
    function svgPoint(ev) {
      var m = board.getScreenCTM().inverse(), pt = board.createSVGPoint();
      pt.x = ev.clientX;
      pt.y = ev.clientY;
      return pt.matrixTransform(m);
    }
    function onMove(ev) {
      if (!drag || !drag.own) return;
      if (!drag.moved && Math.abs(ev.clientX - drag.x) + Math.abs(ev.clientY - drag.y) < 6) return;
      if (!drag.moved) {
        drag.moved = true;
        stop();
        if (!edges().length) { var p = drag.p; endDrag(); drag = null; return activate(p); }
        pick(drag.p);
        if (sel === null) { endDrag(); return; }
        drag.ghost = use("checker " + (side === "w" ? "white" : "black") + " try-ghost", "drag", "-c", [0, 0], layer);
      }
      var pt = svgPoint(ev);
      drag.ghost.setAttribute("x", pt.x);
      drag.ghost.setAttribute("y", pt.y);
      ev.preventDefault();
    }
    function onUp(ev) {
      var d = drag, p = targetOf(document.elementFromPoint(ev.clientX, ev.clientY));
      endDrag();
      drag = null;
      if (!d) return;
      pressed = Date.now();  // the click that follows is this press's
      if (!d.moved) {
        if (p === d.p) { stop(); focus(p); activate(p); }
      } else if (p !== null && sel !== null) { focus(p); activate(p); }  // the press moved no focus
    }
    function onCancel() {
      var d = drag;
      endDrag();
      drag = null;
      if (d && d.moved && sel !== null) { sel = null; marks(); say(ui.cancel); }
    }
    function endDrag() {
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onUp);
      window.removeEventListener("pointercancel", onCancel);
      if (drag && drag.ghost && drag.ghost.parentNode) drag.ghost.parentNode.removeChild(drag.ghost);
    }
    function focus(p) {
      targets.forEach(function (t) { t.el.setAttribute("tabindex", t.p === p ? "0" : "-1"); });
      var t = target(p);
      if (t && document.activeElement !== t.el) t.el.focus();
    }
    var DIRS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    gHit.addEventListener("keydown", function (ev) {
      var p = targetOf(ev.target);
      if (p === null) return;
      var dir = DIRS[ev.key];
      if (dir) {
        var cur = target(p), best = null, score = Infinity;
        targets.forEach(function (t) {
          var dx = t.cx - cur.cx, dy = t.cy - cur.cy, along = dx * dir[0] + dy * dir[1];
          var across = Math.abs(dx * dir[1]) + Math.abs(dy * dir[0]);
          if (along > 1 && along + 2 * across < score) { score = along + 2 * across; best = t; }
        });
        if (best) focus(best.p);
        ev.preventDefault();
      } else if (ev.key === "Enter" || ev.key === " ") {
        stop();
        activate(p);
        ev.preventDefault();
      } else if (ev.key === "Escape") {
        if (drag) { endDrag(); drag = null; }
        if (sel !== null) { sel = null; hint = null; marks(); say(ui.cancel); }
        ev.preventDefault();
      }
    });

    setFrame(data.at);
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-tavla-try]"), function (root) {
      if (!root.classList.contains("tavla-try--on")) new Board(root);
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
