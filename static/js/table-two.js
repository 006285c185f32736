/* Two seats face to face (docs/table.md, Layouts): the player at the bottom, his opponent at the
 * top, each with his four table stacks (a face-up card on a face-down one) between his hand and
 * the trick. Read by the table's core (table.js) as `window.tableLayout`.
 */
(function () {
  "use strict";

  var PLACES = ["bottom", "top"];
  var HAND = 8;

  /* The own hand's step: side by side when the width allows, else overlapping down to the
   * part of each card that shows its corner index. */
  function handStep(cardWidth, width) {
    return Math.min(cardWidth * 1.08, (width - cardWidth) / (HAND - 1));
  }

  window.tableLayout = {
    places: PLACES,

    placeOf: function (offset) {
      return PLACES[offset];
    },

    build: function (ctx) {
      var top = ctx.seatElement("top");
      var bottom = ctx.seatElement("bottom");
      [top, bottom].forEach(function (seat) {
        var place = seat.getAttribute("data-place");
        seat.appendChild(ctx.el("div", {"class": "stacks", id: "stacks-" + place, role: "group"}));
      });
      ctx.felt.insertBefore(top, ctx.center);
      ctx.felt.insertBefore(bottom, ctx.center.nextSibling);
    },

    /* The table stacks: the player's face-up cards are buttons like his hand's. */
    draw: function (frame, ctx, isHold) {
      var game = frame.game;
      var view = frame.view;
      var kit = ctx.kit;
      var legal = ctx.legalCards(view);
      var mine = !isHold && ctx.isMyTurn(view, game) && view.phase === "play";
      PLACES.forEach(function (place) {
        var seat = ctx.seatAt(place, game);
        var box = document.getElementById("stacks-" + place);
        box.textContent = "";
        box.setAttribute("aria-label", kit.fmt(ctx.S.stacks_of, {name: ctx.seatName(seat, game)}));
        if (!view || !view.stacks || view.phase === "dealing") return;
        var isOwn = seat === game.your_seat;
        view.stacks[seat].forEach(function (stack, index) {
          var pile = ctx.el("div", {"class": "stack", "data-stack": String(index + 1)});
          if (stack.down) pile.appendChild(kit.backNode());
          if (stack.up) {
            pile.appendChild(isOwn ? kit.cardButton(stack.up, !!legal[stack.up], mine, ctx.play) : kit.faceNode(stack.up));
          }
          box.appendChild(pile);
        });
      });
    },

    /* How wide a card may be: the hand of eight and the four stacks across the felt. */
    cardBounds: function (room) {
      var overlap = room.isNarrow ? 0.62 : 1.08;
      return {
        min: 34,
        max: Math.min(room.width / (1 + (HAND - 1) * overlap), room.width / 4.6, 130),
      };
    },

    sizes: function (cardWidth, room) {
      // The opponent's hand: small backs, or his cards face up in the replay.
      var small = cardWidth * (room.isReplay ? 0.62 : 0.42);
      return {
        "hand-step": handStep(cardWidth, room.width),
        "small-w": small,
        "small-h": small * 1.45,
        "small-step": small * (room.isReplay ? 0.55 : 0.5),
      };
    },
  };
})();
