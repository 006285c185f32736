/* The game table: renders each `state` frame, sends the player's decisions (docs/protocol.md).
 * Every sentence comes from the page (table-strings), translated on the server.
 *
 * Frames are queued: when one completes a trick, the trick stays on the table for TRICK_HOLD_MS
 * with its winning card marked before the frame's new position is shown (the server never
 * waits). A completed deal opens its summary; a finished match opens the result.
 */
(function () {
  "use strict";

  var root = document.getElementById("table");
  if (!root) return;
  var S = JSON.parse(document.getElementById("table-strings").textContent);
  var current = JSON.parse(document.getElementById("initial-frame").textContent);
  var kit = window.tableKit(S, {cardsUrl: root.getAttribute("data-cards-url")});
  var SYMBOLS = kit.SYMBOLS;
  var fmt = kit.fmt;
  var plural = kit.plural;
  var el = kit.el;
  var cardLabel = kit.cardLabel;
  var cardName = kit.cardName;
  var joinCards = kit.joinCards;
  var suitText = kit.suitText;
  var fillFace = kit.fillFace;
  var faceNode = kit.faceNode;
  var backNode = kit.backNode;
  var sound = kit.sound;
  var setFavicon = kit.setFavicon;
  var TRICK_HOLD_MS = 1200;
  var DEAL_SUMMARY_MS = 8000;
  var DRAW_MS = 4000;
  var countdownEnd = null;
  var queue = [];
  var isHolding = false;
  var shownTrickKey = current.game.completed_trick ? current.game.completed_trick.key : null;
  var shownDeals = completeDeals(current.view).length;
  var shownStatus = current.game.status;
  var overlayTimer = null;
  var pendingMatchEnd = false;
  var baseTitle = document.title;
  var announced = "";

  function $(id) {
    return document.getElementById(id);
  }

  function completeDeals(view) {
    return view ? view.deals.filter(function (deal) { return deal.complete; }) : [];
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
    if (!sent) showRuleError(S.not_sent);
  }

  function cardButton(card, isLegal, isMyTurn) {
    return kit.cardButton(card, isLegal, isMyTurn, function (played) {
      act({type: "play", card: played});
    });
  }

  // --- Layout ---------------------------------------------------------------------------------

  /* Size the cards so that the whole table fits the window: the hand of 8 across the felt's
   * width, four rows of cards (opponent's stacks, trick, own stacks, hand) and the text lines
   * in its height. */
  function layout() {
    var felt = $("felt");
    if (felt.hidden) return;
    var top = felt.getBoundingClientRect().top + window.scrollY;
    var height = window.innerHeight - top - 8;
    var width = felt.clientWidth - 16;
    var isNarrow = width < 560;
    // Text rows: two player lines, deal info, trick caption, turn line, decision buttons.
    var textHeight = isNarrow ? 230 : 235;
    // The replay shows the opponent's hand face up: one more row of cards.
    var rows = root.getAttribute("data-replay") === "true" ? 5.5 : 4.55;
    var byHeight = (height - textHeight) / rows;
    // On a phone the hand overlaps (its corner indexes stay visible), on a desktop it does not.
    var overlap = isNarrow ? 0.72 : 1.08;
    var byWidthHand = width / (1 + 7 * overlap) / 1.4 * 1.4;
    var cardHeight = Math.min(byHeight, byWidthHand * 1.45, 190);
    cardHeight = Math.max(cardHeight, 54);
    var cardWidth = cardHeight / 1.45;
    root.style.setProperty("--card-h", cardHeight.toFixed(1) + "px");
    root.style.setProperty("--card-w", cardWidth.toFixed(1) + "px");
    root.style.setProperty("--hand-step", (cardWidth * overlap).toFixed(1) + "px");
    root.style.setProperty("--felt-h", Math.max(height, 300).toFixed(0) + "px");
    root.classList.toggle("is-narrow", isNarrow);
  }

  // --- Rendering ------------------------------------------------------------------------------

  function dealLine(view, seat) {
    if (!view || view.phase !== "play" && !view.tricks_won[0] && !view.tricks_won[1]) return "";
    return plural(S.tricks_count, view.tricks_won[seat]) + " · " + plural(S.points_count, view.card_points[seat]);
  }

  function renderPlayers(view, game, bottom) {
    [["player-bottom", bottom], ["player-top", 1 - bottom]].forEach(function (pair) {
      var box = $(pair[0]);
      var seat = pair[1];
      var player = game.players[seat];
      box.querySelector(".player-name").textContent = player ? player.name : "…";
      box.querySelector(".stars").textContent = player ? player.stars_label : "";
      box.querySelector(".player-total").textContent = view ? String(view.totals[seat]) : "";
      box.querySelector(".player-target").textContent = view ? " / " + game.target : "";
      box.querySelector(".player-deal").textContent = dealLine(view, seat);
      var tags = [];
      if (view && view.dealer === seat) tags.push(S.dealer);
      if (game.your_seat === seat) tags.push(S.you);
      box.querySelector(".player-tag").textContent = tags.length ? "(" + tags.join(", ") + ")" : "";
      box.setAttribute("data-seat", String(seat));
      box.classList.toggle("is-to-act", !!view && view.seat_to_act === seat && game.status === "in_progress");
      renderPresence(box, game, seat);
    });
  }

  function renderPresence(box, game, seat) {
    var presence = presenceBySeat ? presenceBySeat[seat] : null;
    var text = "";
    var state = "unknown";
    if (presence && game.status === "in_progress") {
      state = presence.connected ? "here" : "away";
      if (!presence.connected) {
        var seconds = presence.away_seconds;
        if (seconds !== null && seconds !== undefined) {
          seconds += Math.round((performance.now() - presenceAt) / 1000);
          text = seconds < 60 ? fmt(S.away_seconds, {n: seconds}) : fmt(S.away_minutes, {n: Math.floor(seconds / 60)});
        } else {
          text = S.away;
        }
      }
    }
    box.setAttribute("data-presence", state);
    box.querySelector(".presence").setAttribute("title", state === "here" ? S.here : state === "away" ? S.away : "");
    box.querySelector(".presence-text").textContent = text;
  }

  function renderDealInfo(view, game) {
    var number = "";
    if (view) {
      number = game.regular_deals && view.deal_number <= game.regular_deals
        ? fmt(S.deal_of, {n: view.deal_number, total: game.regular_deals})
        : fmt(S.deal_number, {n: view.deal_number});
    }
    $("deal-number").textContent = number;
    var trump = "";
    if (view) {
      if (view.rolled) trump = S.rolled;
      else if (view.trump) trump = fmt(S.trump, {suit: suitText(view.trump)});
      else trump = S.no_trump_yet;
    }
    $("trump-info").textContent = trump;
    $("trump-info").className = view && view.trump && !view.rolled ? "trump suit-" + view.trump : "trump";
    $("buque-info").textContent = view && view.buque !== "none" ? S[view.buque] : "";
    $("multiplier-info").textContent = view && view.multiplier > 1 ? fmt(S.multiplier, {n: view.multiplier}) : "";
  }

  function isMyTurn(view, game) {
    return game.status === "in_progress" && !!view && game.your_seat !== null && view.seat_to_act === game.your_seat;
  }

  function renderTurn(view, game, isHold) {
    var text = "";
    var mine = !isHold && isMyTurn(view, game);
    if (game.status === "in_progress" && view && view.seat_to_act !== null) {
      var phase = S.phase[view.phase] || "";
      text = mine ? S.your_turn + " : " + phase : fmt(S.their_turn, {name: playerName(view.seat_to_act)}) + " : " + phase;
      if (isHold) text = "";
    }
    $("turn-line").classList.toggle("is-mine", mine);
    $("turn-text").textContent = text;
    countdownEnd = game.seconds_left === null ? null : performance.now() + game.seconds_left * 1000;
    tick();
    document.title = mine ? S.your_turn + " · " + baseTitle : baseTitle;
    setFavicon(mine);
  }

  var warnedShort = false;
  function tick() {
    var node = $("countdown");
    if (countdownEnd === null) {
      node.textContent = "";
      return;
    }
    var left = Math.max(0, Math.ceil((countdownEnd - performance.now()) / 1000));
    node.textContent = kit.clockText(left);
    node.classList.toggle("is-short", left <= 30);
    if (left <= 30 && left > 0 && !warnedShort && isMyTurn(current.view, current.game)) {
      warnedShort = true;
      sound("short");
    }
    if (presenceBySeat) {
      ["player-bottom", "player-top"].forEach(function (id) {
        var box = $(id);
        var seat = Number(box.getAttribute("data-seat"));
        if (box.getAttribute("data-presence") === "away") renderPresence(box, current.game, seat);
      });
    }
  }

  function renderDrawList(view, game) {
    var list = $("draw-list");
    list.textContent = "";
    (game.first_dealer_draw || []).forEach(function (pair) {
      list.appendChild(el("li", {}, fmt(S.draw_line, {name0: playerName(0), card0: cardLabel(pair[0]), name1: playerName(1), card1: cardLabel(pair[1])})));
    });
    $("draw-result").textContent = view ? fmt(S.draw_result, {name: playerName(view.first_dealer)}) : "";
  }

  function renderStacks(container, stacks, isOwn, legal, mine) {
    container.textContent = "";
    stacks.forEach(function (stack, index) {
      var box = el("div", {"class": "stack", "data-stack": String(index + 1)});
      if (stack.down) box.appendChild(backNode());
      if (stack.up) {
        box.appendChild(isOwn ? cardButton(stack.up, !!legal[stack.up], mine) : faceNode(stack.up));
      }
      container.appendChild(box);
    });
  }

  function renderHands(view, game, bottom, isHold) {
    var hand = $("hand");
    var top = $("hand-top");
    hand.textContent = "";
    top.textContent = "";
    var isPlayer = game.your_seat !== null;
    var mine = !isHold && isPlayer && isMyTurn(view, game) && view.phase === "play";
    var legal = isPlayer ? legalPlays(view) : {};
    if (view.hands) {
      // The replay of a finished game: nothing is secret any more, both hands are shown.
      view.hands[bottom].forEach(function (card) { hand.appendChild(faceNode(card)); });
      view.hands[1 - bottom].forEach(function (card) { top.appendChild(faceNode(card)); });
      top.classList.remove("hand-hidden");
    } else if (isPlayer) {
      view.hand.forEach(function (card) {
        hand.appendChild(cardButton(card, !!legal[card], mine));
      });
    } else {
      for (var i = 0; i < view.hand_counts[bottom]; i += 1) hand.appendChild(backNode());
    }
    if (!view.hands) {
      for (var j = 0; j < view.hand_counts[1 - bottom]; j += 1) top.appendChild(backNode());
    }
    renderStacks($("stacks-bottom"), view.stacks[bottom], isPlayer, legal, mine);
    renderStacks($("stacks-top"), view.stacks[1 - bottom], false, {}, false);
  }

  function renderTrick(cards, bottom, winner) {
    var container = $("trick");
    container.textContent = "";
    cards.forEach(function (played) {
      var slot = el("div", {"class": "played " + (played.seat === bottom ? "from-bottom" : "from-top"), "data-seat": String(played.seat)});
      var face = faceNode(played.card);
      slot.appendChild(face);
      if (winner !== undefined && played.seat === winner) {
        slot.classList.add("is-winning");
      }
      container.appendChild(slot);
    });
    container.classList.toggle("is-complete", winner !== undefined);
    container.classList.remove("goes-top", "goes-bottom");
    container.setAttribute("data-winner", winner === undefined ? "" : String(winner === bottom ? "bottom" : "top"));
    $("trick-caption").textContent = winner !== undefined ? fmt(S.trick_taken, {name: playerName(winner)}) : "";
  }

  function renderAnnouncements(view, game, isHold) {
    var box = $("announcements");
    box.textContent = "";
    if (isHold || game.your_seat === null || game.status !== "in_progress") return;
    (view.legal_actions || []).forEach(function (action) {
      if (action.type === "play") return;
      var label = action.type === "trump" ? fmt(S.actions.trump, {suit: suitText(action.suit)}) : S.actions[action.type];
      var button = el("button", {type: "button", "class": "announce", "data-action": action.type}, label);
      if (action.suit) {
        button.setAttribute("data-suit", action.suit);
        button.classList.add("suit-" + action.suit);
      }
      button.addEventListener("click", function () {
        act(action.suit ? {type: action.type, suit: action.suit} : {type: action.type});
      });
      box.appendChild(button);
    });
  }

  function dealNotes(deal) {
    var notes = [];
    if (deal.capot) notes.push(S.notes.capot);
    if (deal.card_points[0] === 30 && deal.card_points[1] === 30) notes.push(S.notes.tie);
    if (deal.rolled) notes.push(S.notes.rolled);
    if (deal.buque === "buque") notes.push(S.notes.buque);
    if (deal.buque === "surbuque") notes.push(S.notes.surbuque);
    if (deal.doubled_by_tie) notes.push(S.notes.doubled_by_tie);
    if (deal.multiplier > 1) notes.push(fmt(S.notes.multiplier, {n: deal.multiplier}));
    var best = Math.max(deal.score[0], deal.score[1]);
    if (best === 480) notes.push(S.notes.cap);
    return notes;
  }

  function fillSummary(view, deal, index) {
    $("deal-summary-title").textContent = fmt(S.deal_summary, {n: index + 1});
    var totals = [0, 0];
    view.deals.slice(0, index + 1).forEach(function (d) {
      totals[0] += d.score[0];
      totals[1] += d.score[1];
    });
    [0, 1].forEach(function (seat) {
      $("summary-name-" + seat).textContent = playerName(seat);
      $("summary-points-" + seat).textContent = String(deal.card_points[seat]);
      $("summary-tricks-" + seat).textContent = String(deal.tricks[seat]);
      $("summary-score-" + seat).textContent = String(deal.score[seat]);
      $("summary-total-" + seat).textContent = String(totals[seat]);
    });
    var list = $("summary-notes");
    list.textContent = "";
    dealNotes(deal).forEach(function (note) {
      list.appendChild(el("li", {}, note));
    });
  }

  function renderHistory(view) {
    var body = $("history-body");
    body.textContent = "";
    [0, 1].forEach(function (seat) {
      $("history-name-" + seat).textContent = playerName(seat);
    });
    var totals = [0, 0];
    (view ? view.deals : []).forEach(function (deal, index) {
      totals[0] += deal.score[0];
      totals[1] += deal.score[1];
      var row = el("tr");
      row.appendChild(el("th", {scope: "row"}, String(index + 1)));
      row.appendChild(el("td", {}, deal.rolled ? S.rolled_short : deal.trump ? SYMBOLS[deal.trump] : "—"));
      row.appendChild(el("td", {}, "×" + deal.multiplier + (deal.capot ? " · " + S.capot_short : "")));
      [0, 1].forEach(function (seat) {
        row.appendChild(el("td", {}, deal.complete
          ? fmt(S.history_cell, {points: deal.card_points[seat], score: deal.score[seat], total: totals[seat]})
          : S.cut_short));
      });
      body.appendChild(row);
    });
    $("history-button").hidden = !view || !view.deals.length;
  }

  function openOverlay(id, closeAfter) {
    ["draw-panel", "deal-summary", "history", "match-end"].forEach(function (other) {
      if (other !== id) $(other).hidden = true;
    });
    clearTimeout(overlayTimer);
    $(id).hidden = false;
    if (closeAfter) {
      overlayTimer = setTimeout(function () {
        closeOverlay(id);
      }, closeAfter);
    }
  }

  function closeOverlay(id) {
    $(id).hidden = true;
    if (id === "deal-summary" && pendingMatchEnd) {
      pendingMatchEnd = false;
      openOverlay("match-end");
    }
    layout();
  }

  function renderEnd(view, game) {
    var isOver = game.status === "finished" || game.status === "cancelled";
    $("record-link").hidden = game.status !== "finished";
    $("replay-link").hidden = game.status !== "finished";
    if (!isOver) return;
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
    $("match-end-totals").textContent = fmt(S.final_totals, {name0: playerName(0), a: view.totals[0], name1: playerName(1), b: view.totals[1]});
    var ladder = $("ladder-points");
    ladder.textContent = "";
    (game.ladder_points || []).forEach(function (entry) {
      ladder.appendChild(el("li", {}, fmt(entry.delta >= 0 ? S.ladder_won : S.ladder_lost, {ladder: entry.ladder, n: Math.abs(entry.delta)})));
    });
    if (game.record_url) $("record-link").setAttribute("href", game.record_url);
    renderRematch(game);
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

  /* Draw one frame. `hold` is a completed trick shown in place of the frame's own trick, with
   * every decision held back until it has gone to its winner. */
  function render(frame, hold) {
    // A keyboard player keeps his place: redrawn buttons take the focus back to the decision.
    var hadFocus = root.contains(document.activeElement) && document.activeElement !== document.body &&
      $("felt").contains(document.activeElement);
    current = frame;
    var game = frame.game;
    var view = frame.view;
    var bottom = game.your_seat === null ? 0 : game.your_seat;
    var isHold = !!hold;
    root.setAttribute("data-status", game.status);
    root.setAttribute("data-version", String(frame.version));
    root.setAttribute("data-holding", isHold ? "true" : "false");
    $("waiting").hidden = game.status !== "open";
    $("felt").hidden = !view;
    renderPlayers(view, game, bottom);
    renderStakes(game);
    renderDealInfo(view, game);
    renderTurn(view, game, isHold);
    renderDrawList(view, game);
    if (view) {
      renderHands(view, game, bottom, isHold);
      if (hold) {
        renderTrick(hold.cards, bottom, hold.winner);
      } else {
        renderTrick(view.trick, bottom);
      }
      // Announcements take the trick's place until the first card.
      $("trick-zone").hidden = !hold && view.phase !== "play" && !view.trick.length;
      $("forced-roll").hidden = !view.roll_forced || view.phase !== "trump";
      renderAnnouncements(view, game, isHold);
    }
    renderHistory(view);
    renderEnd(view, game);
    var leave = $("leave-form");
    if (leave) leave.hidden = game.status !== "in_progress";
    layout();
    if (hadFocus) {
      var target = document.querySelector("#announcements button, #felt button.card.is-legal") || $("felt");
      target.focus({preventScroll: true});
    }
  }

  /* After a frame is drawn for good: open what it brings (a deal's summary, the result). */
  function afterRender(frame) {
    var deals = completeDeals(frame.view);
    root.setAttribute("data-deals", String(deals.length));
    var isFinished = frame.game.status === "finished" || frame.game.status === "cancelled";
    var statusChanged = frame.game.status !== shownStatus;
    shownStatus = frame.game.status;
    if (deals.length > shownDeals) {
      shownDeals = deals.length;
      var last = deals[deals.length - 1];
      fillSummary(frame.view, last, frame.view.deals.indexOf(last));
      pendingMatchEnd = isFinished;
      openOverlay("deal-summary", isFinished ? 5000 : DEAL_SUMMARY_MS);
    } else if (isFinished && statusChanged) {
      openOverlay("match-end");
    }
    announce(frame);
  }

  function announce(frame) {
    var view = frame.view;
    var game = frame.game;
    if (!view || game.status !== "in_progress") return;
    var parts = [];
    var last = view.trick.length ? view.trick[view.trick.length - 1] : null;
    if (last && last.seat !== game.your_seat) parts.push(fmt(S.announce_played, {name: playerName(last.seat), card: cardName(last.card)}));
    if (isMyTurn(view, game)) parts.push(S.your_turn + " : " + (S.phase[view.phase] || ""));
    var text = parts.join(". ");
    if (text && text !== announced) {
      announced = text;
      $("announcer").textContent = text;
    }
    if (last && frame.version !== lastSoundVersion) {
      lastSoundVersion = frame.version;
      sound("card");
    }
    if (isMyTurn(view, game) && !wasMyTurn) sound("turn");
    wasMyTurn = isMyTurn(view, game);
    if (!wasMyTurn) warnedShort = false;
  }
  var lastSoundVersion = current.version;
  var wasMyTurn = isMyTurn(current.view, current.game);

  // --- Frame queue ----------------------------------------------------------------------------

  function pump() {
    while (!isHolding && queue.length) {
      // Behind by several moves (a tab in the background, a burst): only the newest counts.
      if (queue.length > 2) queue.splice(0, queue.length - 1);
      var frame = queue.shift();
      if (frame.version < current.version) continue;
      var trick = frame.game.completed_trick;
      if (trick && trick.key !== shownTrickKey && current.view) {
        shownTrickKey = trick.key;
        isHolding = true;
        render(frame, trick);
        // The trick slides to its winner's side in the last moments of the pause.
        var side = trick.winner === (frame.game.your_seat === null ? 0 : frame.game.your_seat) ? "bottom" : "top";
        setTimeout(function () {
          $("trick").classList.add("goes-" + side);
        }, TRICK_HOLD_MS - 300);
        setTimeout(function () {
          isHolding = false;
          // A newer frame waiting in the queue replaces this one at once.
          if (!queue.length) {
            render(current);
          }
          afterRender(current);
          pump();
        }, TRICK_HOLD_MS);
        return;
      }
      if (trick) shownTrickKey = trick.key;
      render(frame);
      afterRender(frame);
    }
  }

  // --- Rematch --------------------------------------------------------------------------------

  var rematch = null;
  var rematchTimer = null;
  function renderRematch(game) {
    var offer = $("rematch-button");
    if (!offer) return;
    var accept = $("rematch-accept");
    var decline = $("rematch-decline");
    var canOffer = game.status === "finished" && game.your_seat !== null && game.can_rematch;
    var state = rematch ? rematch.state : null;
    // One offer per game: once made (whatever became of it), the button is gone.
    offer.hidden = !canOffer || state !== null;
    accept.hidden = state !== "received";
    decline.hidden = state !== "received";
  }

  function onRematch(frame) {
    rematch = frame;
    var status = $("rematch-status");
    var by = frame.by_seat === current.game.your_seat;
    var state = frame.status;
    clearTimeout(rematchTimer);
    if (state === "offered") {
      rematch.state = by ? "offered" : "received";
      // The server refuses an answer after the offer's time; both tables say so by then.
      rematchTimer = setTimeout(function () {
        onRematch(Object.assign({}, frame, {status: "expired"}));
      }, (frame.expires_in || 0) * 1000 + 500);
      status.textContent = by ? S.rematch.waiting : fmt(S.rematch.received, {name: playerName(frame.by_seat)});
      if (!by) openOverlay("match-end");
    } else {
      rematch.state = state;
      status.textContent = S.rematch[state] || "";
      if (state === "accepted" && frame.url) window.location.assign(frame.url);
    }
    renderRematch(current.game);
  }

  // --- Errors ---------------------------------------------------------------------------------

  function explainRule(code) {
    var view = current.view || {};
    return kit.ruleSentence(code, view, Object.keys(legalPlays(view))) || S.errors[code] || "";
  }

  var errorTimer = null;
  function showRuleError(text) {
    $("rule-error-text").textContent = text;
    $("rule-error").hidden = false;
    clearTimeout(errorTimer);
    errorTimer = setTimeout(function () {
      $("rule-error").hidden = true;
    }, 6000);
  }

  function onFrame(frame) {
    if (frame.type === "state") {
      if (frame.version < current.version) return;
      if (frame.version > current.version) $("rule-error").hidden = true;
      queue.push(frame);
      pump();
    } else if (frame.type === "presence") {
      presenceBySeat = frame.presence;
      presenceAt = performance.now();
      var you = current.game.your_seat;
      if (rematch && (rematch.state === "offered" || rematch.state === "received") && you !== null &&
          !presenceBySeat[1 - you].connected) {
        clearTimeout(rematchTimer);
        rematch.state = "gone";
        $("rematch-status").textContent = S.rematch.gone;
        renderRematch(current.game);
      }
      renderPlayers(current.view, current.game, current.game.your_seat === null ? 0 : current.game.your_seat);
    } else if (frame.type === "rematch") {
      onRematch(frame);
    } else if (frame.type === "game_started") {
      // The player's next game (a competition's next round, a rematch) has begun.
      if (frame.game_id === current.game.id) return;
      $("next-game-link").setAttribute("href", frame.url);
      $("next-game").hidden = false;
    } else if (frame.type === "error") {
      if (frame.code === "stale_version") return;  // the fresh state follows at once
      if (frame.code.indexOf("rematch_") === 0) {
        $("rematch-status").textContent = S.errors[frame.code] || frame.message;
        return;
      }
      showRuleError(explainRule(frame.code) || S.errors[frame.code] || frame.message);
      if (typeof frame.version === "number" && frame.version > current.version) socket.send({type: "snapshot"});
    }
  }
  var presenceAt = performance.now();
  var presenceBySeat = null;

  var isReplay = root.getAttribute("data-replay") === "true";
  var socket = isReplay ? {send: function () { return false; }} : window.liveSocket(root.getAttribute("data-socket-path"), {
    onStatus: function (name) {
      var line = $("live-status");
      line.textContent = name === "open" ? S.connected : name === "reconnecting" ? S.reconnecting : "";
      line.setAttribute("data-status", name);
      // A message about the lost connection is over once it is back.
      if (name === "open" && $("rule-error-text").textContent === S.not_sent) $("rule-error").hidden = true;
    },
    onFrame: onFrame,
  });

  // --- Replay of a finished game -------------------------------------------------------------

  function startReplay() {
    var data = JSON.parse(document.getElementById("replay-data").textContent);
    var base = current.game;

    function describe(step) {
      var action = step.action;
      if (!action) return fmt(S.replay_start, {n: step.deal_index + 1});
      return fmt(S.replay_action[action.type] || "", {
        name: data.players[action.seat],
        suit: action.suit ? suitText(action.suit) : "",
        card: action.card ? cardName(action.card) : "",
      });
    }

    function show(step, index, isLast, isTrickEnd) {
      var game = Object.assign({}, base, {completed_trick: step.completed_trick});
      if (isLast) {
        game.status = "finished";
        game.winner_seat = data.winner;
      }
      var frame = {type: "state", version: index, game: game, view: step.view};
      // A card that completes a trick: the trick is shown with its winner, as at the table.
      render(frame, isTrickEnd && step.completed_trick ? step.completed_trick : undefined);
      $("felt").hidden = false;
      root.setAttribute("data-holding", "false");
    }

    window.replayStepper({
      steps: data.steps,
      show: show,
      describe: describe,
      stepText: function (n, total) { return fmt(S.replay_step, {n: n, total: total}); },
    });
  }

  // --- Controls -------------------------------------------------------------------------------

  kit.wireSoundForm($("sound-form"), $("sound-button"));

  var leaveForm = $("leave-form");
  if (leaveForm) {
    leaveForm.addEventListener("submit", function (event) {
      if (!window.confirm(S.confirm_leave)) event.preventDefault();
    });
  }
  Array.prototype.forEach.call(document.querySelectorAll("[data-close]"), function (button) {
    button.addEventListener("click", function () {
      closeOverlay(button.getAttribute("data-close"));
    });
  });
  $("history-button").addEventListener("click", function () {
    renderHistory(current.view);
    openOverlay("history");
  });
  $("match-end-history").addEventListener("click", function () {
    renderHistory(current.view);
    openOverlay("history");
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") {
      ["draw-panel", "deal-summary", "history", "match-end"].forEach(function (id) {
        if (!$(id).hidden) closeOverlay(id);
      });
    }
  });
  if ($("rematch-button")) {
    $("rematch-button").addEventListener("click", function () {
      if (!socket.send({type: "rematch_offer"})) showRuleError(S.not_sent);
    });
    $("rematch-accept").addEventListener("click", function () {
      socket.send({type: "rematch_accept"});
    });
    $("rematch-decline").addEventListener("click", function () {
      socket.send({type: "rematch_decline"});
    });
  }

  window.addEventListener("resize", layout);
  if (isReplay) {
    startReplay();
    return;
  }
  setInterval(tick, 250);
  render(current);
  root.setAttribute("data-deals", String(shownDeals));
  if (current.game.status === "finished") {
    openOverlay("match-end");
  } else if (current.view && current.game.first_dealer_draw && current.view.deal_number === 1 &&
             current.view.phase !== "play" && !current.view.deals.length) {
    openOverlay("draw-panel", DRAW_MS);
  }
})();
