/* tavla-docs: a table wider than the screen can be scrolled from the keyboard (axe-core:
   scrollable-region-focusable). Material wraps each table in a scrolling box when a page mounts
   (`document$`); while the table overflows it, the box is focusable, and it is named by the
   table's caption where there is one. On a wide screen nothing overflows and no stop is added. */
(function () {
  "use strict";
  function regions() {
    var boxes = document.querySelectorAll(".md-typeset__scrollwrap");
    for (var i = 0; i < boxes.length; i++) {
      var box = boxes[i], table = box.querySelector("table"), caption = table && table.querySelector("caption");
      if (box.scrollWidth > box.clientWidth + 1) {
        box.setAttribute("tabindex", "0");
        if (caption) {
          caption.id = caption.id || "tavla-table-" + (i + 1);
          box.setAttribute("role", "region");
          box.setAttribute("aria-labelledby", caption.id);
        }
      } else {
        box.removeAttribute("tabindex");
        box.removeAttribute("role");
        box.removeAttribute("aria-labelledby");
      }
    }
  }
  if (window.document$) window.document$.subscribe(regions); else regions();
  window.addEventListener("resize", regions);
})();
