// After htmx redraws part of a page (a practice table, a puzzle, a lesson step's feedback), the
// keyboard stays where the next action is, not at the top of the page, and what happened (the
// players' moves, the verdict) is read out from a live region that is never replaced (#announcer).
(function () {
  "use strict";
  var REGIONS = ["table", "puzzle", "feedback"];  // the ids of the parts htmx redraws
  var focusWasInside = false;
  var announced = [];  // the narration lines already read out, oldest first

  function region(id) { return document.getElementById(id); }

  document.addEventListener("htmx:beforeSwap", function () {
    var active = document.activeElement;
    focusWasInside = active === null || active === document.body || REGIONS.some(function (id) {
      var area = region(id);
      return !!area && area.contains(active);
    });
  });

  // htmx:load fires on the new content itself (an outerHTML swap removes the old element, whose
  // own events no longer reach the document).
  document.addEventListener("htmx:load", function (event) {
    var area = event.target;
    if (!area || REGIONS.indexOf(area.id) < 0) { return; }
    announce(area);
    if (focusWasInside && !area.contains(document.activeElement)) { focusNextAction(area); }
    focusWasInside = false;
  });

  function say(texts) {
    var live = region("announcer");
    if (!live) { return; }
    texts.forEach(function (text) {
      var p = document.createElement("p");
      p.textContent = text;
      live.appendChild(p);
    });
    while (live.childNodes.length > 6) { live.removeChild(live.firstChild); }
  }

  // A table's narration lists what happened since the learner's last move, newest last (a window
  // of the latest lines): each redraw adds the computer players' moves one by one. Only the lines
  // not read yet are read out, each as its own paragraph, so that quick moves are not cut short.
  // Elsewhere, what the new content marks with data-announce (a verdict) is read out.
  function announce(area) {
    var lines = texts(area.querySelectorAll("[data-testid=narration] li"));
    if (lines.length) {
      say(lines.slice(overlap(announced, lines)));
      announced = lines;
    }
    say(texts(area.querySelectorAll("[data-announce]")));
  }

  function texts(elements) {
    return Array.prototype.map.call(elements, function (el) { return el.textContent.replace(/\s+/g, " ").trim(); })
      .filter(function (text) { return text; });
  }

  // How many of `lines` were read out already: the longest end of `before` that `lines` starts
  // with (all of it when the narration only grew, one line less when its window moved on).
  function overlap(before, lines) {
    for (var k = Math.min(before.length, lines.length); k > 0; k--) {
      var same = true;
      for (var i = 0; i < k && same; i++) { same = before[before.length - k + i] === lines[i]; }
      if (same) { return k; }
    }
    return 0;
  }

  // In this order: what the page marks as next (Next, the next hand), a choice the page asks for
  // first (which capture), then the hand, then any button.
  var NEXT_ACTION = [
    "[data-next-action]", "[autofocus]", ".capture-option", "[data-testid=hand] .card-button",
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
