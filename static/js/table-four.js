/* Four seats (docs/table.md, Layouts): the player at the bottom, his partner opposite, the
 * opponents on the sides, placed in the game's direction of play: clockwise (Flemish), the next
 * seat is on the player's left; counter-clockwise (French), on his right. The trick is a cross,
 * each card by its player. Read by the table's core (table.js) as `window.tableLayout`.
 */
(function () {
  "use strict";

  var PLACES = ["bottom", "left", "top", "right"];
  var HAND = 8;
  // The sides' width on a phone (the felt's columns, table.css).
  var NARROW_SIDE = 86;

  function sideWidth(room) {
    return room.isNarrow ? NARROW_SIDE : room.width / 5;
  }

  window.tableLayout = {
    places: PLACES,

    placeOf: function (offset, direction) {
      if (offset === 0) return "bottom";
      if (offset === 2) return "top";
      var isClockwise = direction !== "counter-clockwise";
      return (offset === 1) === isClockwise ? "left" : "right";
    },

    build: function (ctx) {
      ["top", "left"].forEach(function (place) {
        ctx.felt.insertBefore(ctx.seatElement(place), ctx.center);
      });
      var after = ctx.center.nextSibling;
      ["right", "bottom"].forEach(function (place) {
        ctx.felt.insertBefore(ctx.seatElement(place), after);
      });
    },

    /* How wide a card may be: the hand of eight across the felt, the trick's cross (three
     * cards wide) between the sides. */
    cardBounds: function (room) {
      var overlap = room.isNarrow ? 0.62 : 1.08;
      var center = room.width - 2 * sideWidth(room) - 8;
      return {
        min: 30,
        max: Math.min(room.width / (1 + (HAND - 1) * overlap), center / 3.2, 120),
      };
    },

    sizes: function (cardWidth, room) {
      // The other hands: small backs, or every card face up in the replay (and the dummy's).
      var faceUp = room.isReplay || room.hasFaceUpSide;
      var small = cardWidth * (faceUp ? 0.62 : 0.42);
      var room_ = sideWidth(room) - 8 - small;
      // A side's hand in rows of as many cards as its column holds with their corners showing.
      var columns = HAND;
      if (faceUp) {
        columns = [8, 4, 3, 2].filter(function (count) {
          return room_ / (count - 1) >= small * 0.5;
        })[0] || 2;
      }
      var sideStep = Math.max(2, Math.min(small * (faceUp ? 0.6 : 0.45), room_ / (columns - 1)));
      return {
        "hand-step": Math.min(cardWidth * 1.08, (room.width - cardWidth) / (HAND - 1)),
        "small-w": small,
        "small-h": small * 1.45,
        "small-step": small * (faceUp ? 0.55 : 0.5),
        "side-columns": String(columns),
        "side-step": sideStep,
        "side-row": small * 1.45 * (columns < HAND ? 0.62 : 1),
      };
    },
  };
})();
