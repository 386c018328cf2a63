// Double-Swiss per-match form (issue 28): choosing a board shows its two games' current
// results (data-first / data-second of the board's option, as the score of White in game 1;
// empty: no result yet, the dash). No inline script: the CSP forbids it.
(function () {
  "use strict";
  function show() {
    var board = document.getElementById("match-board");
    if (!board || board.selectedIndex < 0) { return; }
    var option = board.options[board.selectedIndex];
    document.getElementById("match-first").value = option.dataset.first || "";
    document.getElementById("match-second").value = option.dataset.second || "";
  }
  document.addEventListener("change", function (event) {
    if (event.target && event.target.id === "match-board") { show(); }
  });
})();
