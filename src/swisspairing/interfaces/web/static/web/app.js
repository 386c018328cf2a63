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

// A request HTMX sent that the server refused (a 4xx page: an error of the program's own
// kinds no view handled, see web/middleware.py; or a 5xx): HTMX swaps nothing, so its message
// is shown where the arbiter looks (the grid's message area, else the top of the page).
// The grid's message (a late correction) is cleared when the next result is sent.
document.addEventListener("htmx:responseError", function (ev) {
  const xhr = ev.detail.xhr;
  let text = "";
  try {
    const page = new DOMParser().parseFromString(xhr.responseText, "text/html");
    const explanation = page.querySelector(".error-page p");
    text = explanation ? explanation.textContent.trim() : "";
  } catch (e) { text = ""; }
  if (!text) text = (document.documentElement.lang === "fr" ? "Erreur " : "Error ") + xhr.status;
  const note = document.createElement("p");
  note.className = "warning";
  note.textContent = text;
  const flash = document.getElementById("grid-flash");
  if (flash) { flash.replaceChildren(note); return; }
  const main = document.querySelector("main");
  if (main) main.prepend(note);
});
document.addEventListener("htmx:beforeRequest", function (ev) {
  const flash = document.getElementById("grid-flash");
  const source = ev.detail && ev.detail.elt;
  if (flash && source && source.closest && source.closest("table") &&
      source.closest("table").querySelector(".result-input")) {
    flash.replaceChildren();
  }
});

// No inline script anywhere (the Content-Security-Policy allows the app's own files only,
// issue 24 item 19): what the templates used to write as onchange / onclick / an hx-trigger
// filter is done here, from data attributes.
(function () {
  "use strict";
  // <select data-submit-on-change>: choosing sends its form (the language, a bye request)
  document.addEventListener("change", function (ev) {
    const field = ev.target;
    if (field.matches && field.matches("select[data-submit-on-change]") && field.form) {
      if (field.form.requestSubmit) field.form.requestSubmit(); else field.form.submit();
    }
  });
  // <button data-confirm="question">: asked before the form is sent
  document.addEventListener("click", function (ev) {
    const button = ev.target.closest ? ev.target.closest("[data-confirm]") : null;
    if (button && !window.confirm(button.dataset.confirm)) ev.preventDefault();
  });
  // [data-poll-when-idle]: a poll is skipped while the arbiter types in that part
  document.addEventListener("htmx:beforeRequest", function (ev) {
    const elt = ev.detail && ev.detail.elt;
    if (elt && elt.matches && elt.matches("[data-poll-when-idle]") && !window.hallLiveIdle()) {
      ev.preventDefault();
    }
  });
})();
