// Results grid: Enter submits the board (HTMX swaps the row back) and moves to the next board.
(function () {
  "use strict";
  let nextBoard = null;
  document.addEventListener("keydown", function (ev) {
    const input = ev.target;
    if (!input.classList || !input.classList.contains("result-input")) return;
    if (ev.key === "Enter" || ev.key === "ArrowDown" || ev.key === "ArrowUp") {
      const inputs = Array.from(document.querySelectorAll(".result-input"));
      const i = inputs.indexOf(input);
      const step = ev.key === "ArrowUp" ? -1 : 1;
      const target = inputs[i + step];
      nextBoard = target ? target.dataset.board : null;
      if (ev.key !== "Enter") {
        ev.preventDefault();
        if (target) { target.focus(); target.select(); }
      }
    }
  });
  document.addEventListener("htmx:afterSwap", function () {
    if (nextBoard === null) return;
    const target = document.querySelector('.result-input[data-board="' + nextBoard + '"]');
    nextBoard = null;
    if (target) { target.focus(); target.select(); }
  });
  document.addEventListener("focusin", function (ev) {
    if (ev.target.classList && ev.target.classList.contains("result-input")) ev.target.select();
  });
})();
