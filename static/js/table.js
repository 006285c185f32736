/* The game table: renders each `state` frame, sends the player's decisions (docs/protocol.md).
 * Every sentence comes from the page (table-strings), translated on the server.
 */
(function () {
  "use strict";

  var root = document.getElementById("table");
  if (!root) return;
  var S = JSON.parse(document.getElementById("table-strings").textContent);
  var current = JSON.parse(document.getElementById("initial-frame").textContent);
  var SYMBOLS = {S: "♠", H: "♥", D: "♦", C: "♣"};
  var countdownEnd = null;

  function $(id) {
    return document.getElementById(id);
  }

  function fmt(template, values) {
    return String(template).replace(/%\((\w+)\)s/g, function (match, key) {
      return values[key] === undefined || values[key] === null ? "" : String(values[key]);
    });
  }

  function el(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (key) {
      node.setAttribute(key, attributes[key]);
    });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function cardLabel(card) {
    return (card[0] === "T" ? "10" : card[0]) + SYMBOLS[card[1]];
  }

  function joinCards(cards) {
    var labels = cards.map(cardLabel);
    if (labels.length <= 1) return labels.join("");
    return labels.slice(0, -1).join(", ") + " " + S.or + " " + labels[labels.length - 1];
  }

  function faceNode(card) {
    return el("span", {"class": "card suit-" + card[1], "data-card": card}, cardLabel(card));
  }

  function backNode() {
    return el("span", {"class": "card card-back", "aria-hidden": "true"});
  }

  function playerName(seat) {
    var player = current.game.players[seat];
    return player ? player.name : "";
  }

  function legalPlays(view) {
    var cards = {};
    (view.legal_actions || []).forEach(function (action) {
      if (action.type === "play") cards[action.card] = true;
    });
    return cards;
  }

  // --- Sending --------------------------------------------------------------------------------

  function act(action) {
    var sent = socket.send({type: "act", version: current.version, action: action});
    if (!sent) showRuleError(S.reconnecting, "");
  }

  function cardButton(card, isLegal, isMyTurn) {
    var button = el("button", {type: "button", "class": "card suit-" + card[1], "data-card": card}, cardLabel(card));
    if (isLegal) {
      button.classList.add("is-legal");
    } else {
      // Not disabled: a click asks the server, which explains the rule that forbids it.
      button.setAttribute("aria-disabled", "true");
      if (!isMyTurn) button.disabled = true;
    }
    button.addEventListener("click", function () {
      act({type: "play", card: card});
    });
    return button;
  }

  // --- Rendering ------------------------------------------------------------------------------

  function renderPlayers(view, game, bottom) {
    [["player-bottom", bottom], ["player-top", 1 - bottom]].forEach(function (pair) {
      var box = $(pair[0]);
      var seat = pair[1];
      var player = game.players[seat];
      box.querySelector(".player-name").textContent = player ? player.name : "…";
      box.querySelector(".stars").textContent = player ? player.stars_label : "";
      box.querySelector(".player-total").textContent = view ? String(view.totals[seat]) : "";
      var tags = [];
      if (view && view.dealer === seat) tags.push(S.dealer);
      if (game.your_seat === seat) tags.push(S.you);
      box.querySelector(".player-tag").textContent = tags.length ? "(" + tags.join(", ") + ")" : "";
      box.setAttribute("data-seat", String(seat));
    });
  }

  function renderDealInfo(view) {
    $("deal-number").textContent = view ? fmt(S.deal_number, {n: view.deal_number}) : "";
    var trump = "";
    if (view) {
      if (view.rolled) trump = S.rolled;
      else if (view.trump) trump = fmt(S.trump, {suit: SYMBOLS[view.trump] + " " + S.suit_names[view.trump]});
      else trump = S.no_trump_yet;
    }
    $("trump-info").textContent = trump;
    $("buque-info").textContent = view && view.buque !== "none" ? S[view.buque] : "";
    $("multiplier-info").textContent = view && view.multiplier > 1 ? fmt(S.multiplier, {n: view.multiplier}) : "";
  }

  function renderTurn(view, game) {
    var text = "";
    if (game.status === "in_progress" && view && view.seat_to_act !== null) {
      var phase = S.phase[view.phase] || "";
      text = view.seat_to_act === game.your_seat ? S.your_turn + " : " + phase : fmt(S.their_turn, {name: playerName(view.seat_to_act)}) + " : " + phase;
      $("turn-line").classList.toggle("is-mine", view.seat_to_act === game.your_seat);
    }
    $("turn-text").textContent = text;
    countdownEnd = game.seconds_left === null ? null : performance.now() + game.seconds_left * 1000;
    tick();
  }

  function tick() {
    var node = $("countdown");
    if (countdownEnd === null) {
      node.textContent = "";
      return;
    }
    var left = Math.max(0, Math.ceil((countdownEnd - performance.now()) / 1000));
    var minutes = Math.floor(left / 60);
    var seconds = left % 60;
    node.textContent = minutes + ":" + (seconds < 10 ? "0" : "") + seconds;
    node.classList.toggle("is-short", left <= 30);
  }

  function renderDraw(view, game) {
    var draws = game.first_dealer_draw;
    // The draw matters until the first card: after that it only takes room from the table.
    var isBeforeFirstCard = !view || (view.deal_number === 1 && view.phase !== "play" && !view.deals.length);
    $("draw-panel").hidden = !draws || !draws.length || !isBeforeFirstCard;
    if (!draws) return;
    var list = $("draw-list");
    list.textContent = "";
    draws.forEach(function (pair) {
      list.appendChild(el("li", {}, fmt(S.draw_line, {name0: playerName(0), card0: cardLabel(pair[0]), name1: playerName(1), card1: cardLabel(pair[1])})));
    });
    $("draw-result").textContent = view ? fmt(S.draw_result, {name: playerName(view.first_dealer)}) : "";
  }

  function renderStacks(container, stacks, isOwn, legal, isMyTurn) {
    container.textContent = "";
    stacks.forEach(function (stack, index) {
      var box = el("div", {"class": "stack", "data-stack": String(index + 1)});
      if (stack.down) box.appendChild(backNode());
      if (stack.up) {
        box.appendChild(isOwn ? cardButton(stack.up, !!legal[stack.up], isMyTurn) : faceNode(stack.up));
      }
      container.appendChild(box);
    });
  }

  function renderHands(view, game, bottom) {
    var hand = $("hand");
    var top = $("hand-top");
    hand.textContent = "";
    top.textContent = "";
    var isPlayer = game.your_seat !== null;
    var isMyTurn = isPlayer && view.seat_to_act === game.your_seat && view.phase === "play" && game.status === "in_progress";
    var legal = isPlayer ? legalPlays(view) : {};
    if (isPlayer) {
      view.hand.forEach(function (card) {
        hand.appendChild(cardButton(card, !!legal[card], isMyTurn));
      });
    } else {
      for (var i = 0; i < view.hand_counts[bottom]; i += 1) hand.appendChild(backNode());
    }
    for (var j = 0; j < view.hand_counts[1 - bottom]; j += 1) top.appendChild(backNode());
    renderStacks($("stacks-bottom"), view.stacks[bottom], isPlayer, legal, isMyTurn);
    renderStacks($("stacks-top"), view.stacks[1 - bottom], false, {}, false);
  }

  function renderTrick(container, cards) {
    container.textContent = "";
    cards.forEach(function (played) {
      var slot = el("div", {"class": "played", "data-seat": String(played.seat)});
      slot.appendChild(el("small", {}, playerName(played.seat)));
      slot.appendChild(faceNode(played.card));
      container.appendChild(slot);
    });
  }

  function renderAnnouncements(view, game) {
    var box = $("announcements");
    box.textContent = "";
    if (game.your_seat === null || game.status !== "in_progress") return;
    (view.legal_actions || []).forEach(function (action) {
      if (action.type === "play") return;
      var label = action.type === "trump" ? fmt(S.actions.trump, {suit: SYMBOLS[action.suit] + " " + S.suit_names[action.suit]}) : S.actions[action.type];
      var button = el("button", {type: "button", "class": "announce", "data-action": action.type}, label);
      if (action.suit) button.setAttribute("data-suit", action.suit);
      button.addEventListener("click", function () {
        act(action.suit ? {type: action.type, suit: action.suit} : {type: action.type});
      });
      box.appendChild(button);
    });
  }

  function renderSummary(view) {
    var deals = view ? view.deals.filter(function (deal) { return deal.complete; }) : [];
    var panel = $("deal-summary");
    panel.hidden = deals.length === 0;
    if (!deals.length) return;
    var deal = deals[deals.length - 1];
    $("deal-summary-title").textContent = fmt(S.deal_summary, {n: view.deals.indexOf(deal) + 1});
    [0, 1].forEach(function (seat) {
      $("summary-name-" + seat).textContent = playerName(seat);
      $("summary-points-" + seat).textContent = String(deal.card_points[seat]);
      $("summary-tricks-" + seat).textContent = String(deal.tricks[seat]);
      $("summary-score-" + seat).textContent = String(deal.score[seat]);
    });
    var notes = [];
    if (deal.capot) notes.push(S.capot);
    if (deal.card_points[0] === 30 && deal.card_points[1] === 30) notes.push(S.tie);
    if (deal.multiplier > 1) notes.push(fmt(S.summary_notes, {n: deal.multiplier}));
    $("summary-notes").textContent = notes.join(" ");
  }

  function renderEnd(view, game) {
    var panel = $("match-end");
    var isOver = game.status === "finished" || game.status === "cancelled";
    panel.hidden = !isOver;
    if (!isOver) return;
    $("record-link").hidden = game.status !== "finished";
    if (game.status === "cancelled") {
      $("match-end-title").textContent = S.cancelled;
      $("match-end-reason").textContent = "";
      return;
    }
    var winner = game.winner_seat;
    var title = fmt(S.winner, {name: playerName(winner)});
    if (game.your_seat !== null) title = winner === game.your_seat ? S.you_win : S.you_lose;
    $("match-end-title").textContent = title;
    var reason = S.end_reasons[game.end_reason] || "";
    $("match-end-reason").textContent = fmt(reason, {name: playerName(1 - winner), a: view.totals[winner], b: view.totals[1 - winner]});
    if (game.record_url) $("record-link").setAttribute("href", game.record_url);
  }

  function renderStakes(game) {
    var node = $("game-stakes");
    if (!game.stakes) {
      node.hidden = true;
      return;
    }
    var stake = game.stakes[String(game.your_seat === null ? 0 : game.your_seat)];
    node.textContent = fmt(S.stakes, {win: "+" + stake.win, loss: "−" + Math.abs(stake.loss)});
    node.hidden = false;
  }

  function render(frame) {
    current = frame;
    var game = frame.game;
    var view = frame.view;
    var bottom = game.your_seat === null ? 0 : game.your_seat;
    root.setAttribute("data-status", game.status);
    root.setAttribute("data-version", String(frame.version));
    $("waiting").hidden = game.status !== "open";
    $("felt").hidden = !view;
    renderPlayers(view, game, bottom);
    renderStakes(game);
    renderDealInfo(view);
    renderTurn(view, game);
    renderDraw(view, game);
    if (view) {
      renderHands(view, game, bottom);
      renderTrick($("trick"), view.trick);
      $("last-trick-box").hidden = !view.last_trick;
      if (view.last_trick) {
        renderTrick($("last-trick"), view.last_trick.cards);
        $("last-trick-winner").textContent = fmt(S.last_trick_winner, {name: playerName(view.last_trick.winner)});
      }
      $("forced-roll").hidden = !view.roll_forced;
      renderAnnouncements(view, game);
    }
    renderSummary(view);
    renderEnd(view, game);
    var leave = $("leave-form");
    if (leave) leave.hidden = game.status !== "in_progress";
  }

  // --- Errors ---------------------------------------------------------------------------------

  function explainRule(code) {
    var view = current.view || {};
    var template = S.rules[code];
    if (!template) return S.errors[code] || "";
    var led = view.trick && view.trick.length ? view.trick[0].card[1] : null;
    var legal = Object.keys(legalPlays(view));
    var suit = code === "must_trump" ? view.trump : led;
    return fmt(template, {
      suit: code === "must_trump" ? (suit ? SYMBOLS[suit] + " " + S.suit_names[suit] : "") : suit ? S.suit_to[suit] : "",
      cards: joinCards(legal),
    });
  }

  function showRuleError(text, detail) {
    $("rule-error-text").textContent = text;
    $("rule-error-detail").textContent = detail && detail !== text ? "(" + detail + ")" : "";
    $("rule-error").hidden = false;
  }

  function onFrame(frame) {
    if (frame.type === "state") {
      if (frame.version < current.version) return;
      if (frame.version > current.version) $("rule-error").hidden = true;
      render(frame);
    } else if (frame.type === "game_started") {
      // The player's next game (a competition's next round) has begun: say so with a link.
      if (frame.game_id === current.game.id) return;
      $("next-game-link").setAttribute("href", frame.url);
      $("next-game").hidden = false;
    } else if (frame.type === "error") {
      if (frame.code === "stale_version") return;  // the fresh state follows at once
      showRuleError(explainRule(frame.code) || frame.message, frame.message);
      if (typeof frame.version === "number" && frame.version > current.version) socket.send({type: "snapshot"});
    }
  }

  var socket = window.liveSocket(root.getAttribute("data-socket-path"), {
    onStatus: function (name) {
      var line = $("live-status");
      line.textContent = name === "open" ? S.connected : name === "reconnecting" ? S.reconnecting : "";
      line.setAttribute("data-status", name);
    },
    onFrame: onFrame,
  });

  var leaveForm = $("leave-form");
  if (leaveForm) {
    leaveForm.addEventListener("submit", function (event) {
      if (!window.confirm(S.confirm_leave)) event.preventDefault();
    });
  }

  setInterval(tick, 250);
  render(current);
})();
