/* Seats one can tell apart (docs/table.md, *Seats*): each seat's avatar (its initials on a colour
 * drawn from its name, the same on every screen), the clock by the name of the seat to act, the
 * French elision of "de" before a name ("Au tour d'Émile", "Main de Louise"), and how a deal's
 * score comes from its points ("32 − 30 = 2, × 4 = 8").
 *
 * window.tableSeats(S, kit) returns those functions bound to the page's strings S; the core
 * (table.js) formats every sentence with its `fmt`.
 */
(function () {
  "use strict";

  // Dark enough for white initials (contrast above 4.5:1), far enough apart to tell seats apart.
  var AVATAR_COLOURS = ["#1d4ed8", "#b91c1c", "#7e22ce", "#047857", "#c2410c", "#0e7490", "#be185d", "#4d7c0f"];
  // A name that begins with a vowel sound takes "d'" in French: a vowel, or a mute h (Hugo).
  var ELIDING_START = /^[aeiouyhàâäéèêëîïôöûùüÿæœ]/i;

  function tableSeats(S, kit) {
    /* A seat's name without what follows it in brackets: "Louise (moyen)" is Louise. */
    function bareName(name) {
      return String(name || "").replace(/\s*\(.*$/, "").trim();
    }

    function initials(name) {
      var words = bareName(name).split(/[\s._\-]+/).filter(function (word) { return /^\p{L}/u.test(word); });
      if (!words.length) return (bareName(name).charAt(0) || "?").toUpperCase();
      return words.slice(0, 2).map(function (word) { return word.charAt(0).toUpperCase(); }).join("");
    }

    function colourOf(name) {
      var text = bareName(name).toLowerCase();
      var hash = 0;
      for (var i = 0; i < text.length; i += 1) hash = (hash * 31 + text.charCodeAt(i)) % 1000003;
      return AVATAR_COLOURS[hash % AVATAR_COLOURS.length];
    }

    /* The colours of a table's seats, in seat order: each its name's, or the next one free when
     * an earlier seat has it already, so that no two seats of a table look alike (the same on
     * every screen: the seats are taken in the same order). */
    function tableColours(names) {
      var taken = {};
      return names.map(function (name) {
        if (!name) return "";
        var index = AVATAR_COLOURS.indexOf(colourOf(name));
        for (var step = 0; step < AVATAR_COLOURS.length && taken[AVATAR_COLOURS[index]]; step += 1) {
          index = (index + 1) % AVATAR_COLOURS.length;
        }
        taken[AVATAR_COLOURS[index]] = true;
        return AVATAR_COLOURS[index];
      });
    }

    /* Fill a seat's avatar: initials on its colour; a computer's is square. Hidden from screen
     * readers, which read the name beside it. */
    function fillAvatar(node, name, colour, isComputer) {
      node.textContent = name ? initials(name) : "";
      node.style.backgroundColor = name ? colour : "";
      node.classList.toggle("is-computer", !!isComputer);
      node.hidden = !name;
    }

    /* Whether "de" before this name becomes "d'" (French only: S.elides). */
    function elides(name) {
      return S.elides === true && ELIDING_START.test(String(name || ""));
    }

    /* The kit's sentence with a name: "de %(name)s" reads "d'%(name)s" before a vowel sound. */
    function fmt(template, values) {
      var text = String(template);
      if (values && elides(values.name)) text = text.replace(/\b([Dd])e %\(name\)s/g, "$1'%(name)s");
      return kit.fmt(text, values);
    }

    /* How a complete deal's score comes from its points, for the side that scored: {side,
     * text}, the text "32 − 30 = 2, × 4 (buqué par X) = 8", or "capot = 60, × 2 = 120", the cap
     * when reached. `scoring` is the frame's `deal_scoring`; null where the game scores
     * otherwise (Manni, each seat his own points) or nobody scored. */
    function scoreArithmetic(deal, scoring, cap, reasons) {
      if (!scoring || scoring.is_each_side_scoring || !deal.complete || !deal.score || !deal.card_points) return null;
      var side = -1;
      deal.score.forEach(function (score, index) {
        if (score > 0) side = index;
      });
      if (side < 0) return null;
      var points = deal.card_points[side];
      var isCapotBonus = deal.capot && scoring.capot_base !== null && scoring.capot_base !== undefined;
      var base = isCapotBonus ? scoring.capot_base : points - scoring.half;
      var text = isCapotBonus ? fmt(S.arithmetic.capot, {n: base})
        : fmt(S.arithmetic.excess, {points: points, half: scoring.half, n: base});
      var multiplier = deal.multiplier || 1;
      if (multiplier > 1) {
        text += fmt(reasons.length ? S.arithmetic.times_because : S.arithmetic.times, {n: multiplier, why: reasons.join(", ")});
        text += fmt(S.arithmetic.equals, {n: deal.score[side]});
      }
      // The game's cap on a deal (480 in the two-player game) when the product went past it.
      if (cap && base * multiplier > cap && deal.score[side] === cap) text += S.arithmetic.capped;
      return {side: side, text: text};
    }

    return {
      initials: initials,
      colourOf: colourOf,
      tableColours: tableColours,
      fillAvatar: fillAvatar,
      elides: elides,
      fmt: fmt,
      scoreArithmetic: scoreArithmetic,
    };
  }

  window.tableSeats = tableSeats;
})();
