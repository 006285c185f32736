/* The first game that explains itself (docs/table.md, *First-game hints*): a short hint at the
 * player's first trump choice ("trump"), first buque decision ("buque") and first card to play
 * ("card": the cards allowed and the follower rule's reason), each until the player dismisses
 * it (*Compris*), which the account remembers (POST accounts:hint_dismiss): it never comes
 * back. S.hints_to_show lists those not dismissed yet (none for a visitor not logged in); no hint
 * for a spectator, nor in the replay (this script is not on its page).
 *
 * The hint sits in the middle of the table, in the flow: the core fits the table around it, so
 * it never covers the decision it explains.
 */
(function () {
  "use strict";

  var ctx = null;
  var S = null;
  var box = null;
  var toShow = {};
  // Manille's order within a suit (the 32 cards): the manille (10) first.
  var STRENGTH = "TAKQJ987";

  function isShown(name) {
    return toShow[name] === true;
  }

  /* The hint this frame asks for, as {name, text}, or null. */
  function hintFor(frame) {
    var view = frame.view;
    var game = frame.game;
    if (!view || !ctx.isPlayer(game) || !ctx.isMyTurn(view, game)) return null;
    var actions = view.legal_actions || [];
    var has = function (type) {
      return actions.some(function (action) { return action.type === type; });
    };
    if (isShown("trump") && actions.some(function (action) { return action.type === "trump" && action.suit; })) {
      return {name: "trump", text: S.hints.trump};
    }
    if (isShown("buque") && (has("buque") || has("surbuque"))) return {name: "buque", text: S.hints.buque};
    if (isShown("card") && view.phase === "play" && has("play")) return {name: "card", text: cardText(view, game, actions)};
    return null;
  }

  function stronger(card, other) {
    return STRENGTH.indexOf(card[0]) < STRENGTH.indexOf(other[0]);
  }

  /* The card winning the trick so far, with its seat: the highest trump, else the highest
   * card of the led suit. */
  function winningPlay(trick, trump) {
    var best = trick[0];
    trick.slice(1).forEach(function (played) {
      var card = played.card;
      if (card[1] === best.card[1] ? stronger(card, best.card) : card[1] === trump) best = played;
    });
    return best;
  }

  /* What the player may play and why, from the legal cards the server gave and the follower
   * rule (docs/engine.md: follow, beat, trump, over-trump; free when leading, when the partner
   * wins, or when nothing can win). */
  function cardText(view, game, actions) {
    var kit = ctx.kit;
    var allowed = actions.filter(function (action) { return action.type === "play"; }).map(function (action) {
      return action.card;
    });
    var trick = view.trick || [];
    if (!trick.length) return S.hints.card_lead;
    var seat = view.seat_to_act;
    // What the seat may play from: its hand (the dummy's, for its holder), and its face-up
    // table stacks in the two-player game.
    var hand = ((seat === game.your_seat ? view.hand : view.shown_hands && view.shown_hands[seat]) || allowed).slice();
    ((view.stacks && view.stacks[seat]) || []).forEach(function (stack) {
      if (stack.up) hand.push(stack.up);
    });
    var led = trick[0].card[1];
    var values = {
      suit: kit.suitText(led),
      led: kit.SYMBOLS[led] + " " + S.suit_names[led],
      cards: kit.joinCards(allowed),
    };
    var holdsLed = hand.some(function (card) { return card[1] === led; });
    if (holdsLed) {
      var ofLed = hand.filter(function (card) { return card[1] === led; }).length;
      return kit.fmt(allowed.length < ofLed ? S.hints.card_beat : S.hints.card_follow, values);
    }
    var trump = view.trump && !view.rolled && !view.no_trump && !view.blind ? view.trump : null;
    var best = winningPlay(trick, trump);
    var team = game.teams.filter(function (seats) { return seats.indexOf(seat) !== -1; })[0] || [];
    if (best.seat !== seat && team.indexOf(best.seat) !== -1) return kit.fmt(S.hints.card_partner, values);
    var isTrump = function (card) { return card[1] === trump; };
    if (trump && hand.some(isTrump) && allowed.every(isTrump)) {
      values.suit = kit.suitText(trump);
      if (!isTrump(best.card)) return kit.fmt(S.hints.card_trump, values);
      var beats = allowed.some(function (card) { return stronger(card, best.card); });
      if (beats) return kit.fmt(S.hints.card_overtrump, values);
    }
    return kit.fmt(S.hints.card_free, values);
  }

  function csrfToken() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function dismiss(name) {
    toShow[name] = false;
    var body = new FormData();
    body.set("hint", name);
    fetch(S.hint_dismiss_url, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: {"X-CSRFToken": csrfToken()},
    });
    show(null);
    box.classList.remove("is-floating");
    ctx.layout();
    // Back to the decision the hint explained.
    var target = document.querySelector("#announcements button, #felt button.card.is-legal");
    if (target) target.focus({preventScroll: true});
  }

  function show(hint) {
    var shownName = box.getAttribute("data-hint") || "";
    var name = hint ? hint.name : "";
    var text = hint ? hint.text : "";
    if (name === shownName && box.querySelector(".table-hint__text").textContent === text) return;
    box.setAttribute("data-hint", name);
    box.hidden = !hint;
    box.querySelector(".table-hint__text").textContent = text;
  }

  /* In the flow of the middle when the table holds it there; else, too full even with its
   * least cards (a phone at four, with parlée's questions), floating over the top of the felt,
   * the side away from the player's decisions and hand. The core fits the table after this. */
  function place() {
    box.classList.remove("is-floating");
    if (box.hidden) return;
    ctx.layout();
    if (ctx.felt.scrollHeight > ctx.felt.clientHeight + 1) box.classList.add("is-floating");
  }

  (window.tableExtensions = window.tableExtensions || []).push({
    start: function (context) {
      ctx = context;
      S = context.S;
      (S.hints_to_show || []).forEach(function (name) { toShow[name] = true; });
      if (ctx.isReplay) return;
      var el = ctx.el;
      box = el("aside", {"class": "table-hint", id: "table-hint", "aria-labelledby": "table-hint-title", "data-hint": ""});
      box.hidden = true;
      var text = el("p", {"class": "table-hint__body", "aria-live": "polite"});
      text.appendChild(el("strong", {id: "table-hint-title"}, S.hints.title));
      text.appendChild(document.createTextNode(" "));
      text.appendChild(el("span", {"class": "table-hint__text"}));
      // The button ends the text, on its last line: a line less on a phone.
      text.appendChild(document.createTextNode(" "));
      var button = el("button", {type: "button", "class": "tool", id: "table-hint-dismiss"}, S.hints.dismiss);
      button.addEventListener("click", function () {
        dismiss(box.getAttribute("data-hint"));
      });
      text.appendChild(button);
      box.appendChild(text);
      var announcements = document.getElementById("announcements");
      announcements.parentNode.insertBefore(box, announcements.nextSibling);
      // Registered before the core's own fitting on a resize, which follows it.
      window.addEventListener("resize", place);
    },
    rendered: function (frame, isHold) {
      if (ctx.isReplay || !box) return;
      show(isHold ? null : hintFor(frame));
      place();
    },
  });
})();
