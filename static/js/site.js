// After htmx redraws a practice table, the keyboard stays where the next action is (not at the top
// of the page), and what the players did is read out from a live region that is never replaced.
(function () {
  "use strict";
  var focusWasInTable = false;

  function table() { return document.getElementById("table"); }

  document.addEventListener("htmx:beforeSwap", function () {
    var area = table(), active = document.activeElement;
    focusWasInTable = !!area && (area.contains(active) || active === document.body || active === null);
  });

  // htmx:load fires on the new content itself (an outerHTML swap removes the old element, whose
  // own events no longer reach the document).
  document.addEventListener("htmx:load", function (event) {
    var area = table();
    if (!area || event.target !== area) { return; }
    announce(area);
    if (focusWasInTable) { focusNextAction(area); }
    focusWasInTable = false;
  });

  function announce(area) {
    var live = document.getElementById("announcer");
    var lines = area.querySelectorAll("[data-testid=narration] li");
    if (live && lines.length) { live.textContent = lines[lines.length - 1].textContent.trim(); }
  }

  // In this order: a choice the page asks for first (which capture), then the hand, then any button.
  var NEXT_ACTION = [
    "[data-next-action]", ".capture-option", "[data-testid=hand] .card-button",
    "form:not(.thinking) button:not([disabled])"
  ];

  function focusNextAction(area) {
    var next = null;
    for (var i = 0; i < NEXT_ACTION.length && !next; i++) { next = area.querySelector(NEXT_ACTION[i]); }
    if (!next) { next = area; area.setAttribute("tabindex", "-1"); }
    next.focus({ preventScroll: true });
    // What the learner asked to see (the coach, data-next-action="show") is brought into view too.
    if (next.getAttribute("data-next-action") === "show") { next.scrollIntoView({ block: "start" }); }
  }
})();

// The classroom's login cards: a button that opens the print dialog (the print stylesheet keeps
// only the cards).
document.addEventListener("click", function (event) {
  "use strict";
  if (event.target.closest && event.target.closest("[data-print]")) { window.print(); }
});
