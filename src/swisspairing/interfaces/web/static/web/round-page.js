// The round page's additions of issue 25 (items 8 and 11):
// - the results counter ("17/20 results entered") follows the results typed in the grid:
//   whenever the grid's rows change (the grid's script puts each saved row in place, app.js),
//   the rows still waiting for a result (class "pending") are counted again;
// - the boards whose pairing breaks an absolute rule (listed under "Absolute rules broken")
//   are highlighted in the table.
(function () {
  "use strict";
  function recount() {
    var counter = document.getElementById("results-counter");
    var grid = document.getElementById("results-grid");
    if (!counter || !grid) { return; }
    var total = Number(counter.querySelector(".total").textContent);
    var pending = grid.querySelectorAll("tbody tr.pending").length;
    counter.querySelector(".entered").textContent = String(Math.max(total - pending, 0));
  }
  function highlight() {
    document.querySelectorAll("#violations li[data-games]").forEach(function (item) {
      item.getAttribute("data-games").split(" ").forEach(function (id) {
        var row = id && document.getElementById(id);
        if (row) { row.classList.add("rule-broken"); }
      });
    });
  }
  function watch() {
    highlight();
    var grid = document.getElementById("results-grid");
    if (grid && window.MutationObserver) {
      new MutationObserver(recount).observe(grid, { childList: true, subtree: true,
                                                    attributes: true,
                                                    attributeFilter: ["class"] });
    }
  }
  document.addEventListener("DOMContentLoaded", watch);
  document.addEventListener("htmx:afterSettle", recount);
})();
