// The round page's results counter ("17/20 results entered", issue 25 item 11) follows the
// results typed in the grid: after each row the grid swaps in, the rows still waiting for a
// result (class "pending") are counted again.
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
  document.addEventListener("htmx:load", recount);
  document.addEventListener("htmx:afterSettle", recount);
})();
