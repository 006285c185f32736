/* The replay of a finished four-player table: draws each step of partnership_replay_steps (all
 * four hands, the trick, the announcements, the deal and the totals by team); the controls are
 * replay-stepper.js's. Seat 0 sits at the bottom; the others follow the game's direction. */
(function () {
  "use strict";

  var root = document.getElementById("partnership-replay");
  if (!root) return;
  var data = JSON.parse(document.getElementById("replay-data").textContent);
  var S = JSON.parse(document.getElementById("replay-strings").textContent);
  var cardsUrl = root.getAttribute("data-cards-url");
  var SYMBOLS = {S: "♠", H: "♥", D: "♦", C: "♣"};
  var PLACES = data.direction === "counter-clockwise"
    ? ["bottom", "right", "top", "left"]
    : ["bottom", "left", "top", "right"];

  function $(id) { return document.getElementById(id); }

  function fmt(text, values) {
    return String(text).replace(/%\((\w+)\)s/g, function (_match, key) {
      return values[key] === undefined ? "" : String(values[key]);
    });
  }

  function el(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, attributes[name]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function rankLabel(card) {
    if (card[0] === "T") return "10";
    return (S.rank_letters && S.rank_letters[card[0]]) || card[0];
  }

  function cardName(card) {
    return fmt(S.card_name, {rank: S.rank_names[card[0]] || card[0], suit: S.suit_names[card[1]]});
  }

  function face(card) {
    var node = el("span", {"class": "card-face suit-" + card[1], "role": "img", "aria-label": cardName(card), "data-card": card});
    node.appendChild(el("img", {src: cardsUrl + card + ".svg", alt: ""}));
    node.appendChild(el("span", {"class": "card-face__index", "aria-hidden": "true"}, rankLabel(card) + SYMBOLS[card[1]]));
    return node;
  }

  function teamOf(seat) {
    for (var team = 0; team < data.teams.length; team += 1) {
      if (data.teams[team].indexOf(seat) !== -1) return team;
    }
    return null;
  }

  function describe(step) {
    var action = step.action;
    if (!action) return fmt(S.replay_start, {n: step.deal_index + 1});
    var type = action.type === "trump" && !action.suit ? "no_trump" : action.type;
    return fmt(S.replay_action[type] || "", {
      name: data.players[action.seat],
      suit: action.suit ? S.suit_names[action.suit] : "",
      card: action.card ? cardName(action.card) : "",
    });
  }

  function announcements(view) {
    var parts = [];
    if (view.blind) parts.push(S.blind);
    else if (view.no_trump) parts.push(S.no_trump);
    else if (view.trump) parts.push(fmt(S.trump, {suit: SYMBOLS[view.trump] + " " + S.suit_names[view.trump]}));
    if (view.turned_up) parts.push(fmt(S.turned_up, {card: rankLabel(view.turned_up.card) + SYMBOLS[view.turned_up.card[1]]}));
    if (view.tegen) parts.push("tegen");
    else if (view.mee) parts.push("mee");
    if (view.doubled_by_tie) parts.push(S.doubled_by_tie);
    if (view.multiplier && view.multiplier > 1) parts.push(fmt(S.multiplier, {n: view.multiplier}));
    return parts.join(" · ");
  }

  function show(step, index, isLast, isTrickEnd) {
    var view = step.view;
    var inDeal = step.trick_index !== null;
    for (var seat = 0; seat < 4; seat += 1) {
      var box = $("replay-seat-" + seat);
      box.querySelector(".replay-seat__player").textContent = data.players[seat];
      box.querySelector(".replay-seat__team").textContent = fmt(S.team, {n: teamOf(seat) + 1});
      box.querySelector(".replay-seat__dealer").textContent = inDeal && view.dealer === seat ? S.dealer : "";
      var toAct = !isLast && view.seat_to_act === seat;
      box.querySelector(".replay-seat__to-act").textContent = toAct ? S.to_act : "";
      box.classList.toggle("is-to-act", toAct);
      var hand = box.querySelector(".replay-seat__hand");
      hand.textContent = "";
      step.hands[seat].forEach(function (card) { hand.appendChild(face(card)); });
    }
    // A card that completes a trick: the trick stays in view with its winner, as at the table.
    var trick = view.trick.map(function (play) { return play; });
    var winner = null;
    if (isTrickEnd && step.completed_trick) {
      trick = step.completed_trick.cards;
      winner = step.completed_trick.winner;
    }
    Array.prototype.forEach.call(document.querySelectorAll(".replay-trick__slot"), function (slot) {
      slot.textContent = "";
      slot.classList.remove("is-winning");
    });
    trick.forEach(function (play) {
      var slot = document.querySelector('.replay-trick__slot[data-seat="' + play.seat + '"]');
      slot.appendChild(face(play.card));
      slot.classList.toggle("is-winning", play.seat === winner);
    });
    $("replay-announcements").textContent = inDeal ? announcements(view) : "";
    $("replay-deal-line").textContent = inDeal ? fmt(S.deal_score, {
      n: step.deal_index + 1,
      tricks: view.tricks_won.join("–"),
      points: view.card_points.join("–"),
    }) : "";
    view.totals.forEach(function (total, team) {
      $("replay-total-" + team).textContent = String(total);
    });
    var result = "";
    if (isLast && view.end) result = fmt(S.forfeit, {name: data.players[view.end.seat]});
    if (isLast && view.winner !== null && view.winner !== undefined) {
      result += (result ? " " : "") + fmt(S.winner, {n: view.winner + 1});
    }
    $("replay-result").textContent = result;
  }

  PLACES.forEach(function (place, seat) {
    $("replay-seat-" + seat).classList.add("replay-seat--" + place);
    document.querySelector('.replay-trick__slot[data-seat="' + seat + '"]').classList.add("replay-trick__slot--" + place);
  });
  window.replayStepper({
    steps: data.steps,
    show: show,
    describe: describe,
    stepText: function (n, total) { return fmt(S.replay_step, {n: n, total: total}); },
  });
})();
