// Results grid: Enter submits the board (HTMX swaps the row back) and moves to the next board;
// a refused result keeps the cursor on its board.
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
  let typedBoard = null;
  document.addEventListener("keydown", function (ev) {
    const input = ev.target;
    if (ev.key === "Enter" && input.classList && input.classList.contains("result-input")) {
      typedBoard = input.dataset.board;
    }
  }, true);
  document.addEventListener("htmx:afterSwap", function () {
    if (nextBoard === null && typedBoard === null) return;
    // a refused result (its row comes back with an error): the cursor stays on that board
    const typed = typedBoard === null ? null
      : document.querySelector('.result-input[data-board="' + typedBoard + '"]');
    const refused = typed && typed.closest("tr") && typed.closest("tr").querySelector(".error");
    const target = refused ? typed
      : nextBoard === null ? null
      : document.querySelector('.result-input[data-board="' + nextBoard + '"]');
    nextBoard = null;
    typedBoard = null;
    if (target) { target.focus(); target.select(); }
  });
  document.addEventListener("focusin", function (ev) {
    if (ev.target.classList && ev.target.classList.contains("result-input")) ev.target.select();
  });
})();

// The arbiters' hall page polls its live part (entries, check-in) only while the arbiter is
// not typing in it: no focus inside, no field holding typed text (a swap would lose it).
window.hallLiveIdle = function () {
  const part = document.getElementById("hall-live");
  if (!part) return false;
  const active = document.activeElement;
  if (active && active !== document.body && part.contains(active)) return false;
  return Array.from(part.querySelectorAll("input:not([type=hidden]), textarea"))
    .every(function (field) { return field.value === ""; });
};
