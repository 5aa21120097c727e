// Live class: the countdown of the question shown, counted from the time left when the page was
// drawn (never from the phone's clock, which may be wrong). The server decides what is late.
(function () {
  "use strict";

  function start(root) {
    var clocks = (root || document).querySelectorAll("[data-remaining-ms]");
    clocks.forEach(function (clock) {
      if (clock.dataset.endsAt) { return; }
      clock.dataset.endsAt = String(Date.now() + parseInt(clock.dataset.remainingMs, 10));
    });
  }

  function tick() {
    document.querySelectorAll("[data-ends-at]").forEach(function (clock) {
      var left = Math.max(0, Math.ceil((parseInt(clock.dataset.endsAt, 10) - Date.now()) / 1000));
      var text = left > 0 ? left + (clock.dataset.suffix || "") : clock.dataset.over || "0";
      if (clock.textContent !== text) { clock.textContent = text; }
    });
  }

  document.addEventListener("DOMContentLoaded", function () { start(document); tick(); });
  document.addEventListener("htmx:load", function (event) { start(event.target); tick(); });
  window.setInterval(tick, 250);
})();
