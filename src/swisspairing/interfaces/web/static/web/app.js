// Results grid (issue 24 item 1). Enter (or Tab) sends the board's result and moves the cursor to the
// next board *at once*, before the server answers: every key typed afterwards lands on the
// next board, at any typing speed and however slow the server is. Each board's results are
// sent in order, one at a time (a queue per board), each with the board's version as last
// known (optimistic concurrency: a change by someone else is refused, the row shows the
// current result). The answer replaces the board's row; if the cursor is in that row, the
// field keeps it and what is being typed. A refused result or a question (forfeit, late
// correction) stays on its row and is announced in the grid's message area: the cursor is
// never moved by an answer (keys typed meanwhile must not land on another board).
(function () {
  "use strict";
  const queues = new Map();    // game id -> promise of the last request sent for it
  const versions = new Map();  // game id -> version of the board as last known
  function boardLabel(board) {
    return document.documentElement.lang === "fr" ? "Échiquier " + board + " : "
      : "Board " + board + ": ";
  }
  function gridInputs() { return Array.from(document.querySelectorAll(".result-input")); }
  function csrf(form) {
    const field = form.querySelector("input[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }
  function flash(gameId, text, kind) {
    const area = document.getElementById("grid-flash");
    if (!area) return;
    const old = area.querySelector('[data-game="' + gameId + '"]');
    if (old) old.remove();
    if (!text) return;
    const note = document.createElement("p");
    note.className = kind || "warning";
    note.dataset.game = gameId;
    note.textContent = text;
    area.append(note);
  }
  function putRow(gameId, html) {
    const tpl = document.createElement("template");
    tpl.innerHTML = html.trim();
    const fresh = tpl.content.querySelector("tr");
    const oob = tpl.content.querySelector("#grid-flash");
    const old = document.getElementById("game-" + gameId);
    if (oob) {
      const area = document.getElementById("grid-flash");
      if (area) Array.from(oob.childNodes).forEach(function (n) { area.append(n); });
    }
    if (!fresh || !old) return null;
    versions.set(gameId, fresh.dataset.version);
    const active = document.activeElement;
    let kept = null;
    if (active && old.contains(active) && active.classList.contains("result-input")) {
      // the arbiter is typing in this row: keep the field (its text and the cursor)
      const field = fresh.querySelector(".result-input");
      if (field) {
        // typed since it was sent (not the text that was sent, nor the value shown)
        const typing = active.value !== active.defaultValue && active.value !== active.dataset.sent;
        active.dataset.version = field.dataset.version;
        if (!typing) { active.defaultValue = field.defaultValue; active.value = field.value; }
        field.replaceWith(active);
        kept = active;
      }
    }
    old.replaceWith(fresh);
    if (kept) kept.focus();
    return fresh;
  }
  function send(gameId, url, form, fields, board) {
    const row = document.getElementById("game-" + gameId);
    if (row) row.classList.add("saving");
    const previous = queues.get(gameId) || Promise.resolve();
    const next = previous.then(function () {
      const body = new FormData();
      body.append("csrfmiddlewaretoken", csrf(form));
      Object.keys(fields).forEach(function (k) { body.append(k, fields[k]); });
      // the board's version as known when this request leaves (after the previous answer)
      body.append("version", versions.get(gameId) || fields.shownVersion || "");
      return fetch(url, {method: "POST", body: body, credentials: "same-origin",
                         headers: {"HX-Request": "true", "X-CSRFToken": csrf(form)}})
        .then(function (response) {
          return response.text().then(function (text) {
            const isRow = text.indexOf('id="game-' + gameId + '"') >= 0;
            if (!isRow) {
              const page = new DOMParser().parseFromString(text, "text/html");
              const why = page.querySelector(".error-page p");
              const r = document.getElementById("game-" + gameId);
              if (r) { r.classList.remove("saving"); r.classList.add("refused"); }
              flash(gameId, boardLabel(board) +
                (why ? why.textContent.trim() : "error " + response.status));
              return;
            }
            const fresh = putRow(gameId, text);
            const problem = fresh && fresh.querySelector(".error, .confirm-box p");
            const said = problem ? problem.textContent.trim() : "";
            // a message that names its board already is shown as it is
            const named = /^(board|l'échiquier) \d+/i.test(said);
            flash(gameId, !said ? "" : named ? said.charAt(0).toUpperCase() + said.slice(1)
              : boardLabel(board) + said);
          });
        })
        .catch(function () {
          const r = document.getElementById("game-" + gameId);
          if (r) { r.classList.remove("saving"); r.classList.add("refused"); }
          flash(gameId, boardLabel(board) + (document.documentElement.lang === "fr"
            ? "pas enregistré (le serveur ne répond pas), saisissez-le à nouveau."
            : "not saved (no answer from the server), type it again."));
        });
    });
    queues.set(gameId, next);
    return next;
  }
  function submitField(input) {
    const gameId = input.dataset.game;
    if (!versions.has(gameId)) versions.set(gameId, input.dataset.version);
    if (input.value === input.defaultValue) return;  // nothing changed on this board
    input.dataset.sent = input.value;
    send(gameId, input.form.action, input.form, {result: input.value},
         input.dataset.board);
  }
  document.addEventListener("keydown", function (ev) {
    const input = ev.target;
    if (!input.classList || !input.classList.contains("result-input")) return;
    // Tab (Shift+Tab) saves like Enter and moves to the next (previous) board: before, a
    // typist tabbing through the grid saw the results typed but none was saved (session 9)
    if (ev.key === "Tab") {
      submitField(input);
      const all = gridInputs();
      const target = all[all.indexOf(input) + (ev.shiftKey ? -1 : 1)];
      if (target) { ev.preventDefault(); target.focus(); target.select(); }
      return;
    }
    if (ev.key !== "Enter" && ev.key !== "ArrowDown" && ev.key !== "ArrowUp") return;
    ev.preventDefault();
    const all = gridInputs();
    const target = all[all.indexOf(input) + (ev.key === "ArrowUp" ? -1 : 1)];
    if (ev.key === "Enter") submitField(input);
    if (target) { target.focus(); target.select(); }
  });
  document.addEventListener("submit", function (ev) {
    const form = ev.target;
    if (!form.classList || !form.classList.contains("result-form")) return;
    ev.preventDefault();
    const row = form.closest("tr");
    if (!row) return;
    const gameId = row.dataset.game;
    if (!versions.has(gameId)) versions.set(gameId, row.dataset.version);
    const fields = {};
    new FormData(form).forEach(function (v, k) {
      if (k !== "csrfmiddlewaretoken" && k !== "version") fields[k] = v;
    });
    const input = row.querySelector(".result-input");
    send(gameId, form.action, form, fields, input ? input.dataset.board : "");
  });
  document.addEventListener("focusin", function (ev) {
    if (ev.target.classList && ev.target.classList.contains("result-input")) ev.target.select();
  });
  // for the tests and the page: every result sent has its answer
  window.gridIdle = function () {
    return Promise.all(Array.from(queues.values())).then(function () { return true; });
  };
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
