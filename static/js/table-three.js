/* Three seats (docs/table.md, Layouts): the player at the bottom, the two others on the sides,
 * placed in the game's direction of play: clockwise, the next seat is on the player's left;
 * counter-clockwise (the French games), on his right. The trick is a triangle, each card by
 * its player. Read by the table's core (table.js) as `window.tableLayout`.
 */
(function () {
  "use strict";

  var PLACES = ["bottom", "left", "right"];
  // The sides' width on a phone (the felt's columns, table.css).
  var NARROW_SIDE = 86;

  function sideWidth(room) {
    return room.isNarrow ? NARROW_SIDE : room.width / 4.5;
  }

  /* The most cards a hand holds in this game (ten in the French games at three, twelve in
   * Manni), read from the frame so that one layout serves them all. */
  function handSize(room) {
    var view = room.frame && room.frame.view;
    var counts = view && view.hand_counts ? view.hand_counts : [];
    return Math.max.apply(null, [10].concat(counts));
  }

  window.tableLayout = {
    places: PLACES,

    placeOf: function (offset, direction) {
      if (offset === 0) return "bottom";
      var isClockwise = direction !== "counter-clockwise";
      return (offset === 1) === isClockwise ? "left" : "right";
    },

    build: function (ctx) {
      ctx.felt.insertBefore(ctx.seatElement("left"), ctx.center);
      var after = ctx.center.nextSibling;
      ["right", "bottom"].forEach(function (place) {
        ctx.felt.insertBefore(ctx.seatElement(place), after);
      });
    },

    /* How wide a card may be: the player's hand across the felt, the trick's triangle (about
     * two cards and a half wide) between the sides. */
    cardBounds: function (room) {
      var hand = handSize(room);
      var overlap = room.isNarrow ? 0.55 : 1.02;
      var center = room.width - 2 * sideWidth(room) - 8;
      return {
        min: 28,
        max: Math.min(room.width / (1 + (hand - 1) * overlap), center / 2.6, 120),
      };
    },

    sizes: function (cardWidth, room) {
      var hand = handSize(room);
      // The other hands: small backs, or every card face up in the replay.
      var small = cardWidth * (room.isReplay ? 0.62 : 0.42);
      var room_ = sideWidth(room) - 8 - small;
      // A side's hand in rows of as many cards as its column holds with their corners showing.
      var columns = hand;
      if (room.isReplay) {
        columns = [hand, 6, 4, 3, 2].filter(function (count) {
          return room_ / (count - 1) >= small * 0.5;
        })[0] || 2;
      }
      var sideStep = Math.max(2, Math.min(small * (room.isReplay ? 0.6 : 0.45), room_ / (columns - 1)));
      return {
        "hand-step": Math.min(cardWidth * 1.05, (room.width - cardWidth) / (hand - 1)),
        "small-w": small,
        "small-h": small * 1.45,
        "small-step": small * (room.isReplay ? 0.55 : 0.5),
        "side-columns": String(columns),
        "side-step": sideStep,
        "side-row": small * 1.45 * (columns < hand ? 0.62 : 1),
      };
    },
  };
})();
