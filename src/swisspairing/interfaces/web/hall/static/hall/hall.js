// Playing hall: "find yourself" filter on the public pages, slide rotation on the screens.
(function () {
  "use strict";
  function applyFilter(input) {
    const box = document.querySelector(input.dataset.filter);
    if (!box) return;
    const words = input.value.trim().toLowerCase();
    box.querySelectorAll("tr[data-find]").forEach(function (row) {
      row.classList.toggle("hidden", words !== "" && row.dataset.find.indexOf(words) < 0);
    });
  }
  document.addEventListener("input", function (ev) {
    if (ev.target.dataset && ev.target.dataset.filter) applyFilter(ev.target);
  });
  // the filter survives the refresh of the polled part
  document.addEventListener("htmx:afterSwap", function () {
    document.querySelectorAll("input[data-filter]").forEach(applyFilter);
    show(current);
  });
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
    show(0);
    const seconds = Math.max(3, parseInt(frame.dataset.seconds, 10) || 15);
    setInterval(function () { show(current + 1); }, seconds * 1000);
  });
})();
