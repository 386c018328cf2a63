// Playing hall: "find yourself" filter on the public pages, slide rotation on the screens.
(function () {
  "use strict";
  // letters without a decomposition that are typed as plain Latin letters (as search_key in
  // imports.py, which writes the rows' data-find: lower case, no accents)
  const PLAIN = {"ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "æ": "ae", "œ": "oe",
                 "ı": "i", "ħ": "h", "ŧ": "t", "ß": "ss"};
  function searchKey(text) {
    return text.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
      .replace(/[øłđðþæœıħŧß]/g, function (ch) { return PLAIN[ch]; })
      .replace(/['’`]/g, "").replace(/[\s,.\-_/()]+/g, " ").trim();
  }
  function applyFilter(input) {
    const box = document.querySelector(input.dataset.filter);
    if (!box) return;
    const typed = searchKey(input.value);
    const words = typed ? typed.split(" ") : [];
    // data-find holds each player of the row as "number name" (name as search_key writes it),
    // players separated by "|". A player is found when what is typed starts at a word of
    // "number name" ("17", "dupont j", "dupont jean"), or when every typed word starts a word
    // of the name ("jean dup" finds "Dupont, Jean"); "de" does not find "Vandenberghe", and
    // a player's number is not a word of the name
    function found(player, typed, words) {
      if ((" " + player).indexOf(" " + typed) >= 0) return true;
      const name = " " + player.slice(player.indexOf(" ") + 1);
      return words.every(function (w) { return name.indexOf(" " + w) >= 0; });
    }
    box.querySelectorAll("tr[data-find]").forEach(function (row) {
      const players = row.dataset.find.split("|");
      row.classList.toggle("hidden", typed !== "" &&
        !players.some(function (p) { return found(p, typed, words); }));
    });
  }
  document.addEventListener("input", function (ev) {
    if (ev.target.dataset && ev.target.dataset.filter) applyFilter(ev.target);
  });
  // the filter survives the refresh of the polled part
  document.addEventListener("htmx:afterSwap", function () {
    document.querySelectorAll("input[data-filter]").forEach(applyFilter);
    paginate();
    show(current);
  });
  // A screen's slide holds every row of its panel; cut it into pages of as many rows as the
  // screen's height holds (at most data-max-rows); the last page never shows a lone row (issue
  // 25: rows 17-20 fell below the edge of a 1080p screen and page 2 showed only the bye). Run
  // again when the slides are refreshed or the window resized.
  function paginate() {
    const frame = document.querySelector(".screen-frame");
    if (!frame) return;
    frame.querySelectorAll(".slide.page-copy").forEach(function (s) { s.remove(); });
    frame.querySelectorAll(".slide").forEach(function (slide) {
      const body = slide.querySelector("tbody");
      if (!body) return;
      if (!slide.dataset.rowsHtml) slide.dataset.rowsHtml = body.innerHTML;
      body.innerHTML = slide.dataset.rowsHtml;
      const rows = Array.from(body.children);
      if (rows.length < 2) return;
      const wasShown = slide.classList.contains("shown");
      slide.classList.add("shown", "measuring");
      // where the rows start when this slide is the one shown: the frame's top plus the
      // slide's own title and table head (another shown slide above it does not count)
      const top = frame.getBoundingClientRect().top + body.getBoundingClientRect().top -
        slide.getBoundingClientRect().top;
      const rowHeight = Math.max.apply(null, rows.map(function (r) {
        return r.getBoundingClientRect().height; }));
      slide.classList.remove("measuring");
      if (!wasShown) slide.classList.remove("shown");
      const room = window.innerHeight - top - rowHeight * 0.5;
      const max = parseInt(slide.dataset.maxRows, 10) || rows.length;
      const fit = Math.max(1, Math.min(max, Math.floor(room / rowHeight)));
      if (rows.length <= fit) return;
      const pages = Math.ceil(rows.length / fit);
      // full pages, unless the last one would show one or two rows (the bye alone): then
      // the pages share the rows evenly
      const rest = rows.length % fit;
      const per = rest && rest < Math.min(3, fit) ? Math.ceil(rows.length / pages) : fit;
      let after = slide;
      for (let p = 1; p < pages; p++) {
        const copy = slide.cloneNode(true);
        copy.classList.add("page-copy");
        copy.classList.remove("shown");
        copy.removeAttribute("data-rows-html");
        const copyBody = copy.querySelector("tbody");
        copyBody.innerHTML = "";
        rows.slice(p * per, (p + 1) * per).forEach(function (r) {
          copyBody.appendChild(r.cloneNode(true)); });
        after.after(copy);
        after = copy;
      }
      rows.slice(per).forEach(function (r) { r.remove(); });
    });
  }
  window.addEventListener("resize", function () { paginate(); show(current); });
  let current = 0;
  function show(index) {
    const slides = document.querySelectorAll(".screen-frame .slide");
    if (!slides.length) return;
    current = index % slides.length;
    slides.forEach(function (s, i) { s.classList.toggle("shown", i === current); });
  }
  document.addEventListener("DOMContentLoaded", function () {
    const frame = document.querySelector(".screen-frame");
    if (!frame) return;
    paginate();
    show(0);
    const seconds = Math.max(3, parseInt(frame.dataset.seconds, 10) || 15);
    setInterval(function () { show(current + 1); }, seconds * 1000);
  });
})();
