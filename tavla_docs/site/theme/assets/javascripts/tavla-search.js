/* tavla-docs: the search loads when a reader opens it, not with every page (issue 27: its worker,
   index and word lists were 51 KB of the heaviest page's 146 KB, gzipped, before any search).
   Material's script starts its search at load: it fetches the index for the form named "search"
   and creates its worker. Our search form has no name (partials/search.html), so Material fetches
   nothing; this script, run just before Material's, hands it a stand-in for the worker. When the
   search opens (the header's button, a click or tap in the box, a shortcut key: Material ticks
   the `__search` toggle for each), the stand-in creates Material's own worker, fetches the index
   and sends it the message Material would have sent; from then on it relays both ways. */
(function () {
  "use strict";
  var config = JSON.parse(document.getElementById("__config").textContent);
  var toggle = document.getElementById("__search");
  var NativeWorker = window.Worker;
  if (!config.search || !toggle || !NativeWorker || !window.EventTarget) return;

  function standIn(url, options) {
    var self = new EventTarget(), worker = null, queue = [];
    self.postMessage = function (message) {
      if (worker) worker.postMessage(message); else queue.push(message);
    };
    self.terminate = function () {
      if (worker) worker.terminate();
    };
    function start() {
      if (worker) return;
      worker = new NativeWorker(url, options);
      worker.addEventListener("message", function (ev) {
        self.dispatchEvent(new MessageEvent("message", {data: ev.data}));
      });
      var index = new URL("search/search_index.json", new URL(config.base, location.href));
      fetch(index).then(function (r) { return r.json(); }).then(function (data) {
        worker.postMessage({type: 0, data: {config: data.config, docs: data.docs,
          options: {suggest: config.features.indexOf("search.suggest") >= 0}}});
        queue.splice(0).forEach(function (m) { worker.postMessage(m); });
      });
    }
    toggle.addEventListener("change", function () { if (toggle.checked) start(); });
    if (toggle.checked) start();
    return self;
  }

  /* Only Material's search worker is stood in for, once; any other worker is created as usual. */
  window.Worker = function (url, options) {
    if (String(url) !== config.search) return new NativeWorker(url, options);
    window.Worker = NativeWorker;
    return standIn(url, options);
  };
})();
