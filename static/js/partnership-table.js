/* The table for four (docs/table.md, The table for four): draws each `state` frame of
 * /ws/tables/<id>/ (the frame and the messages are in the four-player contract, the `view` is the
 * engine's, docs/engine-4p.md) and sends the player's seat moves and decisions.
 *
 * The player sits at the bottom, his partner opposite, the opponents on the sides in the game's
 * direction of play. A completed trick stays TRICK_HOLD_MS on the table with its winner named
 * before it slides to him; a completed deal opens its summary; a finished match its result.
 */
(function () {
  "use strict";

  var root = document.getElementById("table");
  if (!root) return;
  var S = JSON.parse(document.getElementById("table-strings").textContent);
  var F = S.fours;
  var current = JSON.parse(document.getElementById("initial-frame").textContent);
  var kit = window.tableKit(S, {cardsUrl: root.getAttribute("data-cards-url")});
  var fmt = kit.fmt;
  var el = kit.el;
  var SUITS = ["S", "H", "D", "C"];
  var PLACES = ["bottom", "left", "top", "right"];
  var TRICK_HOLD_MS = 1200;
  var DEAL_SUMMARY_MS = 8000;
  var DRAW_MS = 4000;
  var queue = [];
  var isHolding = false;
  var shownTrickKey = trickKey(current.table.completed_trick);
  var shownDeals = completeDeals(current.view).length;
  var shownStatus = current.table.status;
  var overlayTimer = null;
  var pendingMatchEnd = false;
  var baseTitle = document.title;
  var announced = "";
  var countdownEnd = null;
  var warnedShort = false;
  var wasMyTurn = false;
  var lastSoundVersion = current.version;

  function $(id) {
    return document.getElementById(id);
  }

  function trickKey(trick) {
    return trick ? trick.cards.map(function (played) { return played.seat + played.card; }).join("") : null;
  }

  function completeDeals(view) {
    return view ? view.deals.filter(function (deal) { return deal.complete; }) : [];
  }

  // --- Seats, teams, names --------------------------------------------------------------------

  function bottomSeat(table) {
    return table.your_seat === null ? 0 : table.your_seat;
  }

  /* Where a seat sits on this screen: the player at the bottom, the next seat in the game's
   * direction on his left when play goes clockwise, on his right otherwise. */
  function placeOf(seat, table) {
    var offset = (seat - bottomSeat(table) + 4) % 4;
    if (offset === 0 || offset === 2) return offset === 0 ? "bottom" : "top";
    var isClockwise = table.direction !== "counter-clockwise";
    return (offset === 1) === isClockwise ? "left" : "right";
  }

  function seatAt(place, table) {
    for (var seat = 0; seat < 4; seat += 1) {
      if (placeOf(seat, table) === place) return seat;
    }
    return null;
  }

  function seatName(seat, table) {
    var entry = (table || current.table).seats[seat];
    if (!entry || !entry.name) return F.free_seat;
    if (entry.is_computer) return F.computer[entry.computer_level] || entry.name;
    return entry.name;
  }

  function teamOf(seat) {
    return seat % 2;
  }

  /* The team seen from this screen: "Nous" and "Eux" for a player, both pairs' names for a
   * spectator. */
  function teamLabel(team, table) {
    if (table.your_seat !== null) return team === teamOf(table.your_seat) ? F.team_us : F.team_them;
    return fmt(F.team_of, {a: seatName(team, table), b: seatName(team + 2, table)});
  }

  function ownTeam(table) {
    return table.your_seat === null ? 0 : teamOf(table.your_seat);
  }

  function isMyTurn(view, table) {
    return table.status === "in_progress" && !!view && table.your_seat !== null && view.seat_to_act === table.your_seat;
  }

  // --- Sending --------------------------------------------------------------------------------

  function send(message) {
    if (!socket.send(message)) showRuleError(S.not_sent);
  }

  function act(action) {
    send({type: "act", version: current.version, action: action});
  }

  function cardButton(card, isLegal, mine) {
    return kit.cardButton(card, isLegal, mine, function (played) {
      act({type: "play", card: played});
    });
  }

  // --- Layout ---------------------------------------------------------------------------------

  /* Size the cards so that the whole table fits the window: the hand of eight across the
   * bottom, the trick (a cross of four cards, about two card heights) in the middle, the partner's
   * small backs on top, the decisions and the text lines in between. */
  function layout() {
    var felt = $("felt");
    var top = felt.getBoundingClientRect().top + window.scrollY;
    var height = window.innerHeight - top - 8;
    var width = felt.clientWidth - 16;
    var isNarrow = width < 560;
    // Text rows: the scores, four name boxes, the deal line, the caption, the turn line and
    // two rows of decision buttons.
    var textHeight = isNarrow ? 265 : 215;
    // Rows of cards: the hand, the trick's cross (2.04), the partner's small backs (0.42).
    var byHeight = (height - textHeight) / 3.5;
    var overlap = isNarrow ? 0.72 : 1.08;
    var byWidthHand = width / (1 + 7 * overlap);
    // The trick's cross between the side seats: three cards wide.
    var sideWidth = isNarrow ? 76 : 190;
    var byWidthTrick = (width - 2 * sideWidth) / 3.2;
    var cardWidth = Math.min(byHeight / 1.45, byWidthHand, byWidthTrick, 130);
    cardWidth = Math.max(cardWidth, 38);
    root.style.setProperty("--card-h", (cardWidth * 1.45).toFixed(1) + "px");
    root.style.setProperty("--card-w", cardWidth.toFixed(1) + "px");
    root.style.setProperty("--hand-step", (cardWidth * overlap).toFixed(1) + "px");
    root.style.setProperty("--felt-h", Math.max(height, 320).toFixed(0) + "px");
    root.classList.toggle("is-narrow", isNarrow);
  }

  // --- Rendering: the open table --------------------------------------------------------------

  function controlButton(label, message, className) {
    var button = el("button", {type: "button", "class": className || "tool"}, label);
    button.addEventListener("click", function () {
      send(message);
    });
    return button;
  }

  function renderOpenSeat(place, seat, table) {
    var box = $("controls-" + place);
    box.textContent = "";
    if (table.status !== "open") return;
    var entry = table.seats[seat];
    var isTaken = !!entry.name;
    // A visitor who is not logged in watches: a seat is for a member.
    if (!isTaken && table.your_seat === null && root.getAttribute("data-member") === "true") {
      box.appendChild(controlButton(F.sit, {type: "take_seat", seat: seat}, "announce"));
    }
    if (!isTaken && table.is_host) {
      var id = "level-" + seat;
      box.appendChild(el("label", {"for": id, "class": "visually-hidden"}, F.level));
      var select = el("select", {id: id, "class": "level-select"});
      Object.keys(F.level_labels).forEach(function (level) {
        var option = el("option", {value: level}, F.level_labels[level]);
        if (level === "moyen") option.selected = true;
        select.appendChild(option);
      });
      box.appendChild(select);
      var fill = el("button", {type: "button", "class": "tool", "data-fill": String(seat)}, F.fill);
      fill.addEventListener("click", function () {
        send({type: "fill_seat", seat: seat, level: select.value});
      });
      box.appendChild(fill);
    }
    if (isTaken && entry.is_computer && table.is_host) {
      box.appendChild(controlButton(F.empty, {type: "empty_seat", seat: seat}));
    }
    if (isTaken && entry.is_you && !table.is_host) {
      box.appendChild(controlButton(F.leave_seat, {type: "leave_seat"}));
    }
  }

  function renderOpen(table) {
    var isOpen = table.status === "open";
    $("open-controls").hidden = !isOpen;
    if (!isOpen) return;
    var missing = table.seats.filter(function (entry) { return !entry.name; }).length;
    var status = missing ? kit.plural(F.waiting_players, missing) : F.ready;
    if (!table.is_host) status += " " + fmt(F.waiting_host, {name: table.host});
    $("open-status").textContent = status;
    $("start-button").hidden = !table.is_host;
    $("start-button").disabled = missing > 0;
    $("cancel-button").hidden = !table.is_host;
  }

  // --- Rendering: the game --------------------------------------------------------------------

  function dealLine(view, team) {
    if (!view || view.phase !== "play" && !view.tricks_won[0] && !view.tricks_won[1]) return "";
    return fmt(F.tricks_points, {
      tricks: kit.plural(S.tricks_count, view.tricks_won[team]),
      points: kit.plural(S.points_count, view.card_points[team]),
    });
  }

  function renderSeats(view, table, isHold) {
    PLACES.forEach(function (place) {
      var seat = seatAt(place, table);
      var entry = table.seats[seat];
      var box = $("player-" + place);
      box.querySelector(".player-name").textContent = seatName(seat, table);
      var tags = [];
      if (view && view.dealer === seat && table.status !== "open") tags.push(S.dealer);
      if (table.your_seat === seat) tags.push(S.you);
      else if (table.your_seat !== null && seat === (table.your_seat + 2) % 4) tags.push(F.partner);
      if (table.status === "open" && entry.name && entry.name === table.host && !entry.is_computer) tags.push(F.host);
      box.querySelector(".player-tag").textContent = tags.length ? "(" + tags.join(", ") + ")" : "";
      box.setAttribute("data-seat", String(seat));
      box.setAttribute("data-team", teamOf(seat) === ownTeam(table) ? "us" : "them");
      box.classList.toggle("is-free", !entry.name);
      box.classList.toggle("is-partner", table.your_seat !== null && seat === (table.your_seat + 2) % 4);
      box.classList.toggle("is-to-act", !isHold && !!view && view.seat_to_act === seat && table.status === "in_progress");
      renderOpenSeat(place, seat, table);
    });
  }

  function renderScores(view, table) {
    var us = ownTeam(table);
    [["score-us", us], ["score-them", 1 - us]].forEach(function (pair) {
      var box = $(pair[0]);
      var team = pair[1];
      box.setAttribute("data-team", pair[0] === "score-us" ? "us" : "them");
      box.querySelector(".team-name").textContent = teamLabel(team, table);
      box.querySelector(".team-total").textContent = view ? String(view.totals[team]) : "";
      box.querySelector(".team-deal").textContent = dealLine(view, team);
      // A match in a number of deals (boompje) has no target: its deal number says how far.
      box.querySelector(".team-target").textContent = view && view.target ? " / " + view.target : "";
      box.hidden = !view;
    });
    $("multiplier-info").textContent = view && view.multiplier > 1 ? fmt(F.multiplier, {n: view.multiplier}) : "";
    var number = "";
    if (view) {
      number = view.deal_count && view.deal_number <= view.deal_count
        ? fmt(F.deal_of, {n: view.deal_number, total: view.deal_count})
        : fmt(F.deal_number, {n: view.deal_number});
    }
    $("deal-number").textContent = number;
    $("dealer-info").textContent = view ? fmt(F.dealer_is, {name: seatName(view.dealer, table)}) : "";
  }

  function renderDealInfo(view, table) {
    var trump = "";
    var trumpNode = $("trump-info");
    trumpNode.className = "trump";
    if (view) {
      if (view.blind) trump = F.blind;
      else if (view.no_trump) trump = F.no_trump;
      else if (view.trump) {
        trump = fmt(F.trump, {suit: kit.suitText(view.trump)});
        trumpNode.classList.add("suit-" + view.trump);
      } else trump = F.no_trump_yet;
    }
    trumpNode.textContent = trump;
    // Mee comes from the dealer's opponents, tegen from the dealer's team.
    var parts = [];
    if (view && view.mee) parts.push(fmt(F.announced_by, {what: F.mee, team: teamLabel(1 - teamOf(view.dealer), table)}));
    if (view && view.tegen) parts.push(fmt(F.announced_by, {what: F.tegen, team: teamLabel(teamOf(view.dealer), table)}));
    $("announce-info").textContent = parts.join(" · ");
    var turned = $("turned-up-info");
    turned.textContent = "";
    if (view && view.turned_up) {
      var card = view.turned_up.card;
      turned.appendChild(document.createTextNode(view.turned_up.is_held
        ? fmt(F.turned_up_held, {card: kit.cardLabel(card), name: seatName(view.turned_up.seat, table)})
        : fmt(F.turned_up, {card: kit.cardLabel(card)})));
      if (view.turned_up.is_held) turned.appendChild(kit.faceNode(card));
      turned.className = "turned-up suit-" + card[1];
    }
  }

  function renderHands(view, table, isHold) {
    var you = table.your_seat;
    var mine = !isHold && isMyTurn(view, table) && view.phase === "play";
    var legal = {};
    (view.legal_actions || []).forEach(function (action) {
      if (action.type === "play") legal[action.card] = true;
    });
    PLACES.forEach(function (place) {
      var seat = seatAt(place, table);
      var hand = $("hand-" + place);
      hand.textContent = "";
      hand.classList.remove("is-hidden-own");
      if (place === "bottom" && you !== null && !view.is_hand_hidden) {
        view.hand.forEach(function (card) { hand.appendChild(cardButton(card, !!legal[card], mine)); });
        return;
      }
      var count = view.hand_counts[seat];
      for (var i = 0; i < count; i += 1) hand.appendChild(kit.backNode());
      hand.classList.toggle("is-hidden-own", place === "bottom" && you !== null);
      hand.setAttribute("data-count", String(count));
      if (place !== "bottom") hand.setAttribute("aria-label", kit.plural(F.cards_left, count) + " · " + seatName(seat, table));
    });
    // The dealer himself before he looks (blind option), or his partner until trump is named.
    var hidden = you === null || !view.is_hand_hidden ? "" : view.dealer === you ? "dealer" : "partner";
    root.setAttribute("data-hand-hidden", hidden);
    var note = $("hidden-hand-note");
    note.hidden = !hidden;
    note.textContent = hidden === "dealer" ? F.hidden_hand_dealer
      : hidden ? fmt(F.hidden_hand, {name: seatName(view.dealer, table)}) : "";
  }

  function renderTrick(cards, table, winner) {
    var container = $("trick");
    container.textContent = "";
    cards.forEach(function (played) {
      var place = placeOf(played.seat, table);
      var slot = el("div", {"class": "played from-" + place, "data-seat": String(played.seat), "data-place": place});
      slot.appendChild(kit.faceNode(played.card));
      if (winner !== undefined && played.seat === winner) slot.classList.add("is-winning");
      container.appendChild(slot);
    });
    container.classList.toggle("is-complete", winner !== undefined);
    container.classList.remove("goes-top", "goes-bottom", "goes-left", "goes-right");
    $("trick-caption").textContent = winner !== undefined ? fmt(F.trick_taken, {name: seatName(winner, table)}) : "";
  }

  function actionLabel(action) {
    if (action.type === "trump") {
      return action.suit ? fmt(F.actions.trump, {suit: kit.suitText(action.suit)}) : F.actions.no_trump;
    }
    return F.actions[action.type] || action.type;
  }

  function renderDecisions(view, table, isHold) {
    var box = $("announcements");
    box.textContent = "";
    if (isHold || !view || table.your_seat === null || table.status !== "in_progress") return;
    var actions = (view.legal_actions || []).filter(function (action) { return action.type !== "play"; });
    // Trump in the suits' usual order, no trump last.
    actions.sort(function (a, b) {
      var rank = function (action) { return action.type === "trump" ? (action.suit ? SUITS.indexOf(action.suit) : 4) : 5; };
      return rank(a) - rank(b);
    });
    actions.forEach(function (action) {
      var button = el("button", {type: "button", "class": "announce", "data-action": action.type}, actionLabel(action));
      if (action.type === "trump") {
        button.setAttribute("data-suit", action.suit || "none");
        if (action.suit) button.classList.add("suit-" + action.suit);
      }
      button.addEventListener("click", function () {
        act(action.type === "trump" ? {type: "trump", suit: action.suit || null} : {type: action.type});
      });
      box.appendChild(button);
    });
  }

  function renderTurn(view, table, isHold) {
    var text = "";
    var mine = !isHold && isMyTurn(view, table);
    if (table.status === "in_progress" && view && view.seat_to_act !== null && !isHold) {
      var phase = F.phase[view.phase] || "";
      text = (mine ? S.your_turn : fmt(S.their_turn, {name: seatName(view.seat_to_act, table)})) + " : " + phase;
    }
    $("turn-line").classList.toggle("is-mine", mine);
    $("turn-text").textContent = text;
    var seconds = table.status === "in_progress" && !isHold ? table.seconds_left : null;
    countdownEnd = seconds === null || seconds === undefined ? null : performance.now() + seconds * 1000;
    tick();
    document.title = mine ? S.your_turn + " · " + baseTitle : baseTitle;
    kit.setFavicon(mine);
  }

  function tick() {
    var node = $("countdown");
    if (countdownEnd === null) {
      node.textContent = "";
      return;
    }
    var left = Math.max(0, Math.ceil((countdownEnd - performance.now()) / 1000));
    node.textContent = kit.clockText(left);
    node.classList.toggle("is-short", left <= 30);
    if (left <= 30 && left > 0 && !warnedShort && isMyTurn(current.view, current.table)) {
      warnedShort = true;
      kit.sound("short");
    }
  }

  // --- Summaries and the end ------------------------------------------------------------------

  function dealNotes(deal, table) {
    var notes = [];
    if (deal.blind) notes.push(F.blind);
    else if (deal.trump) notes.push(fmt(F.trump, {suit: kit.suitText(deal.trump)}));
    else notes.push(F.no_trump);
    if (deal.mee) notes.push(fmt(F.announced_by, {what: F.mee, team: teamLabel(1 - teamOf(deal.dealer), table)}));
    if (deal.tegen) notes.push(fmt(F.announced_by, {what: F.tegen, team: teamLabel(teamOf(deal.dealer), table)}));
    if (deal.capot) notes.push(F.notes.capot);
    if (deal.doubled_by_tie) notes.push(F.notes.doubled_by_tie);
    if (deal.multiplier > 1) notes.push(fmt(F.notes.multiplier, {n: deal.multiplier}));
    return notes;
  }

  function fillSummary(view, table, deal, index) {
    var us = ownTeam(table);
    var teams = [us, 1 - us];
    $("deal-summary-title").textContent = fmt(F.deal_summary, {n: index + 1});
    var totals = [0, 0];
    view.deals.slice(0, index + 1).forEach(function (d) {
      totals[0] += d.score[0];
      totals[1] += d.score[1];
    });
    teams.forEach(function (team, column) {
      $("summary-name-" + column).textContent = teamLabel(team, table);
    });
    var body = $("summary-body");
    body.textContent = "";
    [["tricks", deal.tricks], ["points", deal.card_points], ["score", deal.score], ["total", totals]].forEach(function (row) {
      var line = el("tr");
      line.appendChild(el("th", {scope: "row"}, F.summary_rows[row[0]]));
      teams.forEach(function (team) {
        line.appendChild(el("td", {"data-row": row[0]}, String(row[1][team])));
      });
      body.appendChild(line);
    });
    var list = $("summary-notes");
    list.textContent = "";
    dealNotes(deal, table).forEach(function (note) {
      list.appendChild(el("li", {}, note));
    });
  }

  function renderHistory(view, table) {
    var us = ownTeam(table);
    var teams = [us, 1 - us];
    var body = $("history-body");
    body.textContent = "";
    teams.forEach(function (team, column) {
      $("history-name-" + column).textContent = teamLabel(team, table);
    });
    var totals = [0, 0];
    (view ? view.deals : []).forEach(function (deal, index) {
      totals[0] += deal.score[0];
      totals[1] += deal.score[1];
      var row = el("tr");
      row.appendChild(el("th", {scope: "row"}, String(index + 1)));
      row.appendChild(el("td", {}, deal.trump ? kit.SYMBOLS[deal.trump] : F.no_trump));
      row.appendChild(el("td", {}, "×" + deal.multiplier + (deal.capot ? " · " + S.capot_short : "")));
      teams.forEach(function (team) {
        row.appendChild(el("td", {}, deal.complete
          ? fmt(S.history_cell, {points: deal.card_points[team], score: deal.score[team], total: totals[team]})
          : S.cut_short));
      });
      body.appendChild(row);
    });
    $("history-button").hidden = !view || !view.deals.length;
  }

  function renderEnd(view, table) {
    var isOver = table.status === "finished" || table.status === "cancelled";
    if (table.record_url) $("record-link").setAttribute("href", table.record_url);
    if (table.replay_url) $("replay-link").setAttribute("href", table.replay_url);
    $("record-item").hidden = !table.record_url;
    $("replay-item").hidden = !table.replay_url;
    if (table.lobby_url) $("lobby-link").setAttribute("href", table.lobby_url);
    // Rejouer: for those who sat at the table, once it is over (games:partnership_again).
    $("again-form").hidden = !(table.status === "finished" && table.your_seat !== null);
    if (!isOver) return;
    if (table.status === "cancelled" || table.winner_team === null || table.winner_team === undefined) {
      $("match-end-title").textContent = F.cancelled;
      $("match-end-reason").textContent = "";
      $("match-end-totals").textContent = "";
      $("match-end-history").hidden = true;
      return;
    }
    var winner = table.winner_team;
    var title = fmt(F.winner_team, {team: teamLabel(winner, table)});
    if (table.your_seat !== null) title = winner === teamOf(table.your_seat) ? F.we_win : F.we_lose;
    $("match-end-title").textContent = title;
    var totals = view ? view.totals : [0, 0];
    var reason = F.end_reasons[table.end_reason] || F.end_reasons.points;
    var forfeit = table.forfeit_seat === null || table.forfeit_seat === undefined ? null : seatName(table.forfeit_seat, table);
    $("match-end-reason").textContent = fmt(reason, {name: forfeit, a: totals[winner], b: totals[1 - winner]});
    var us = ownTeam(table);
    $("match-end-totals").textContent = teamLabel(us, table) + " " + totals[us] + " · " + teamLabel(1 - us, table) + " " + totals[1 - us];
  }

  function renderMeta(table) {
    var options = [];
    Object.keys(table.options || {}).forEach(function (key) {
      if (table.options[key] && F.option_labels && F.option_labels[key]) options.push(F.option_labels[key]);
    });
    $("table-options").textContent = options.length ? " (" + options.join(", ") + ")" : "";
  }

  /* Draw one frame. `hold` is a completed trick shown in place of the frame's own trick, with
   * every decision held back until it has gone to its winner. */
  function render(frame, hold) {
    var hadFocus = $("felt").contains(document.activeElement);
    current = frame;
    var table = frame.table;
    var view = frame.view;
    var isHold = !!hold;
    root.setAttribute("data-status", table.status);
    root.setAttribute("data-version", String(frame.version));
    root.setAttribute("data-holding", isHold ? "true" : "false");
    root.setAttribute("data-phase", view ? view.phase : "open");
    renderMeta(table);
    renderSeats(view, table, isHold);
    renderScores(view, table);
    renderOpen(table);
    renderDealInfo(view, table);
    renderTurn(view, table, isHold);
    if (view) {
      renderHands(view, table, isHold);
      renderTrick(hold ? hold.cards : view.trick, table, hold ? hold.winner : undefined);
    } else {
      PLACES.forEach(function (place) { $("hand-" + place).textContent = ""; });
      renderTrick([], table);
      $("hidden-hand-note").hidden = true;
    }
    // The decision buttons take the trick's place until the first card.
    $("trick-zone").hidden = !view || !hold && view.phase !== "play" && !view.trick.length;
    renderDecisions(view, table, isHold);
    renderHistory(view, table);
    renderEnd(view, table);
    $("leave-button").hidden = !(table.status === "in_progress" && table.your_seat !== null);
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
    var table = frame.table;
    var isFinished = table.status === "finished" || table.status === "cancelled";
    var statusChanged = table.status !== shownStatus;
    shownStatus = table.status;
    if (deals.length > shownDeals) {
      shownDeals = deals.length;
      var last = deals[deals.length - 1];
      fillSummary(frame.view, table, last, frame.view.deals.indexOf(last));
      pendingMatchEnd = isFinished;
      openOverlay("deal-summary", isFinished ? 4000 : DEAL_SUMMARY_MS);
    } else if (isFinished && statusChanged) {
      openOverlay("match-end");
    } else if (statusChanged && isMatchStart(frame)) {
      renderDraw(frame);
      openOverlay("draw-panel", DRAW_MS);
    }
    announce(frame);
  }

  function announce(frame) {
    var view = frame.view;
    var table = frame.table;
    if (!view || table.status !== "in_progress") return;
    var parts = [];
    var last = view.trick.length ? view.trick[view.trick.length - 1] : null;
    if (last && last.seat !== table.your_seat) {
      parts.push(fmt(S.announce_played, {name: seatName(last.seat, table), card: kit.cardName(last.card)}));
    }
    if (isMyTurn(view, table)) parts.push(S.your_turn + " : " + (F.phase[view.phase] || ""));
    var text = parts.join(". ");
    if (text && text !== announced) {
      announced = text;
      $("announcer").textContent = text;
    }
    if (last && frame.version !== lastSoundVersion) {
      lastSoundVersion = frame.version;
      kit.sound("card");
    }
    var mine = isMyTurn(view, table);
    if (mine && !wasMyTurn) kit.sound("turn");
    wasMyTurn = mine;
    if (!mine) warnedShort = false;
  }

  /* Who deals first: each round of the draw (a card per seat still in it), then the dealer. */
  function renderDraw(frame) {
    var list = $("draw-list");
    list.textContent = "";
    (frame.table.first_dealer_draw || []).forEach(function (round) {
      list.appendChild(el("li", {}, round.map(function (pair) {
        return seatName(pair[0], frame.table) + " : " + kit.cardLabel(pair[1]);
      }).join(" — ")));
    });
    $("draw-result").textContent = frame.view ? fmt(S.draw_result, {name: seatName(frame.view.first_dealer, frame.table)}) : "";
  }

  function isMatchStart(frame) {
    var view = frame.view;
    return !!view && !!frame.table.first_dealer_draw && view.deal_number === 1 && !view.deals.length &&
      !view.plays.length;
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

  // --- Frame queue ----------------------------------------------------------------------------

  function pump() {
    while (!isHolding && queue.length) {
      // Behind by several moves (a tab in the background, a burst): only the newest counts.
      if (queue.length > 2) queue.splice(0, queue.length - 1);
      var frame = queue.shift();
      if (frame.version < current.version) continue;
      var trick = frame.table.completed_trick;
      var key = trickKey(trick);
      if (trick && key !== shownTrickKey && current.view) {
        shownTrickKey = key;
        isHolding = true;
        render(frame, trick);
        var side = placeOf(trick.winner, frame.table);
        setTimeout(function () {
          $("trick").classList.add("goes-" + side);
        }, TRICK_HOLD_MS - 300);
        setTimeout(function () {
          isHolding = false;
          if (!queue.length) render(current);
          afterRender(current);
          pump();
        }, TRICK_HOLD_MS);
        return;
      }
      shownTrickKey = key;
      render(frame);
      afterRender(frame);
    }
  }

  // --- Errors ---------------------------------------------------------------------------------

  /* A refused card, told as at the two-player table: which suit, and the cards allowed. */
  function explainRule(code) {
    var view = current.view;
    if (!view) return S.rules[code] || "";
    var legal = (view.legal_actions || []).filter(function (action) { return action.type === "play"; })
      .map(function (action) { return action.card; });
    return kit.ruleSentence(code, view, legal);
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
    } else if (frame.type === "error") {
      if (frame.code === "stale_version") return;  // the fresh state follows at once
      showRuleError(explainRule(frame.code) || S.errors[frame.code] || frame.message);
    }
  }

  var socket = window.liveSocket(root.getAttribute("data-socket-path"), {
    onStatus: function (name) {
      var line = $("live-status");
      line.textContent = name === "open" ? S.connected : name === "reconnecting" ? S.reconnecting : "";
      line.setAttribute("data-status", name);
      if (name === "open" && $("rule-error-text").textContent === S.not_sent) $("rule-error").hidden = true;
      // The line may wrap on a phone: the felt below it takes the room that is left.
      layout();
    },
    onFrame: onFrame,
  });
  window.fourTable = {socket: socket};

  // --- Controls -------------------------------------------------------------------------------

  kit.wireSoundForm($("sound-form"), $("sound-button"));
  $("start-button").addEventListener("click", function () {
    send({type: "start"});
  });
  $("cancel-button").addEventListener("click", function () {
    if (window.confirm(F.confirm_cancel)) send({type: "cancel"});
  });
  $("leave-button").addEventListener("click", function () {
    if (window.confirm(F.confirm_leave)) send({type: "leave"});
  });
  Array.prototype.forEach.call(document.querySelectorAll("[data-close]"), function (button) {
    button.addEventListener("click", function () {
      closeOverlay(button.getAttribute("data-close"));
    });
  });
  function showHistory() {
    renderHistory(current.view, current.table);
    openOverlay("history");
  }
  $("history-button").addEventListener("click", showHistory);
  $("match-end-history").addEventListener("click", showHistory);
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") {
      ["draw-panel", "deal-summary", "history", "match-end"].forEach(function (id) {
        if (!$(id).hidden) closeOverlay(id);
      });
    }
  });

  window.addEventListener("resize", layout);
  setInterval(tick, 250);
  render(current);
  wasMyTurn = isMyTurn(current.view, current.table);
  root.setAttribute("data-deals", String(shownDeals));
  if (current.table.status === "finished" || current.table.status === "cancelled") {
    openOverlay("match-end");
  } else if (isMatchStart(current)) {
    renderDraw(current);
    openOverlay("draw-panel", DRAW_MS);
  }
})();
