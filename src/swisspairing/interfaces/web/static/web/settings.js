// Tournament settings (issue 25 item 10): a tie-break preset fills the choices below it, the
// round-date fields follow the number of rounds typed (added or hidden at once), and the
// round-robin help under the rounds shows for a round-robin system only.
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    const preset = document.getElementById("id_tiebreak_preset");
    if (preset) {
      const lists = JSON.parse(preset.dataset.lists || "{}");
      preset.addEventListener("change", function () {
        const codes = lists[preset.value];
        if (!codes) return;
        document.querySelectorAll("select[data-tiebreak]").forEach(function (sel, i) {
          sel.value = codes[i] || "";
        });
      });
      document.querySelectorAll("select[data-tiebreak]").forEach(function (sel) {
        sel.addEventListener("change", function () { preset.value = ""; });
      });
    }
    // a help shown for some systems only (the rounds of a round-robin: forms.py
    // _round_robin_rounds), following the system chosen
    const system = document.getElementById("id_system");
    if (system) {
      const showForSystem = function () {
        document.querySelectorAll("[data-shown-for-systems]").forEach(function (el) {
          el.hidden = el.dataset.shownForSystems.split(" ").indexOf(system.value) < 0;
        });
      };
      system.addEventListener("change", showForSystem);
      showForSystem();
    }
    const rounds = document.getElementById("id_rounds");
    if (!rounds) return;
    function wrapperOf(n) {
      const input = document.getElementById("id_round_date_" + n);
      return input ? input.closest("div") : null;
    }
    function follow() {
      const count = parseInt(rounds.value, 10);
      if (!(count >= 1 && count <= 99)) return;
      let n = 1;
      let last = null;
      while (wrapperOf(n)) { last = wrapperOf(n); n += 1; }
      for (let r = n; r <= count && last; r++) {
        const copy = last.cloneNode(true);
        const before = r - 1;
        copy.querySelectorAll("[id], [name], [for]").forEach(function (el) {
          ["id", "name", "for"].forEach(function (attr) {
            const v = el.getAttribute(attr);
            if (v) el.setAttribute(attr, v.replace("round_date_" + before, "round_date_" + r));
          });
        });
        const label = copy.querySelector("label");
        if (label) label.textContent = label.textContent.replace(String(before), String(r));
        const input = copy.querySelector("input");
        if (input) input.value = "";
        copy.querySelectorAll(".helptext, .errorlist").forEach(function (el) { el.remove(); });
        last.after(copy);
        last = copy;
      }
      for (let r = 1; wrapperOf(r); r++) {
        const wrapper = wrapperOf(r);
        const hidden = r > count;
        wrapper.hidden = hidden;
        wrapper.querySelector("input").disabled = hidden;
      }
    }
    rounds.addEventListener("input", follow);
  });
})();
