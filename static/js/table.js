/* The table of every game, and its replay (docs/table.md): the core. It draws each `state` frame
 * of /ws/parties/<id>/ and sends the player's decisions (docs/protocol.md); every sentence comes
 * from the page (table-strings, translated on the server, the game's own words from its
 * registry entry), everything about seats from the frame (`seat_count`, `teams`, `direction`).
 *
 * What differs with the number of seats is the layout script the page includes before this one
 * (table-two.js, table-four.js), `window.tableLayout`: where each seat sits, the felt's markup of
 * its seats, what it draws of its own (the two-player table stacks), and how big the cards may
 * be. Everything else is here: the socket and its versions, the clock, presence, the trick held
 * on the table, the overlays, the rematch and *Rejouer*, the open table's set-up, sounds,
 * keyboard, the announcer, the commitments of the deals, and the replay of a finished game.
 *
 * Frames are queued: when one completes a trick, the trick stays on the table for TRICK_HOLD_MS
 * with its winning card marked before the frame's new position is shown (the server never
 * waits). A completed deal opens its summary; a finished match opens the result.
 */
(function () {
  "use strict";

  var root = document.getElementById("table");
  var L = window.tableLayout;
  if (!root || !L) return;
  var S = JSON.parse(document.getElementById("table-strings").textContent);
  var current = JSON.parse(document.getElementById("initial-frame").textContent);
  var kit = window.tableKit(S, {cardsUrl: root.getAttribute("data-cards-url")});
  // Seats told apart (table-seats.js): avatars, the clock by a name, "d'" before a vowel.
  var seats = window.tableSeats(S, kit);
  var fmt = seats.fmt;
  var el = kit.el;
  var isReplay = root.getAttribute("data-replay") === "true";
  var SUIT_ORDER = ["S", "H", "D", "C"];
  var TRICK_HOLD_MS = 1200;
  var DEAL_SUMMARY_MS = 8000;
  var DRAW_MS = 4000;
  var COMMITMENT_SHOWN = 12;
  // The last questions of a deal (parlée) kept in the middle of the table.
  var QUESTIONS_SHOWN = 3;
  var OVERLAYS = ["draw-panel", "deal-summary", "history", "match-end"];
  // Whether the deals' box was opened from the end of the match (closing it goes back there).
  var historyFromEnd = false;
  var queue = [];
  var isHolding = false;
  var shownTrickKey = current.game.completed_trick ? current.game.completed_trick.key : null;
  var shownDeals = completeDeals(current.view).length;
  var shownStatus = current.game.status;
  var overlayTimer = null;
  var pendingMatchEnd = false;
  var baseTitle = document.title;
  var announced = "";
  var countdownEnd = null;
  var warnedShort = false;
  var lastSoundVersion = current.version;
  var wasMyTurn = false;
  var presenceBySeat = null;
  var presenceAt = performance.now();
  var rematch = null;
  var rematchTimer = null;

  function $(id) {
    return document.getElementById(id);
  }

  function completeDeals(view) {
    return view && view.deals ? view.deals.filter(function (deal) { return deal.complete; }) : [];
  }

  function sum(values) {
    return (values || []).reduce(function (total, value) { return total + value; }, 0);
  }

  // --- Seats, teams, names --------------------------------------------------------------------

  function bottomSeat(game) {
    return game.your_seat === null || game.your_seat === undefined ? 0 : game.your_seat;
  }

  /* Where a seat sits on this screen: the layout's place for its distance from the bottom seat
   * in the order of play, drawn in the game's direction. */
  function placeOf(seat, game) {
    var count = game.seat_count;
    return L.placeOf((seat - bottomSeat(game) + count) % count, game.direction);
  }

  function seatAt(place, game) {
    for (var seat = 0; seat < game.seat_count; seat += 1) {
      if (placeOf(seat, game) === place) return seat;
    }
    return null;
  }

  function seatName(seat, game) {
    var entry = (game || current.game).seats[seat];
    if (!entry || !entry.name) return S.free_seat;
    if (entry.is_dummy) {
      // Nobody's seat (avec un mort): its holder's once the draw has seated him.
      var started = (game || current.game).status !== "open";
      return started ? fmt(S.dummy_of, {name: seatName(entry.holder_seat, game)}) : S.dummy;
    }
    // A computer is named by the server after its seat and level ("Louise (moyen)").
    return entry.name;
  }

  function teamOf(seat, game) {
    var teams = (game || current.game).teams;
    for (var team = 0; team < teams.length; team += 1) {
      if (teams[team].indexOf(seat) !== -1) return team;
    }
    return null;
  }

  function ownTeam(game) {
    return teamOf(bottomSeat(game), game);
  }

  function partnerOf(seat, game) {
    if (seat === null || seat === undefined) return [];
    return game.teams[teamOf(seat, game)].filter(function (other) { return other !== seat; });
  }

  /* A team as this screen names it: its player when it is one seat; "Nous" and "Eux" for a
   * player among partners; the partners' names for a spectator. */
  function teamLabel(team, game) {
    var seats = game.teams[team];
    if (seats.length === 1) return seatName(seats[0], game);
    if (game.your_seat !== null && game.your_seat !== undefined) {
      return team === teamOf(game.your_seat, game) ? S.team_us : S.team_them;
    }
    return fmt(S.team_of, {a: seatName(seats[0], game), b: seats.slice(1).map(function (seat) {
      return seatName(seat, game);
    }).join(", ")});
  }

  /* The teams in the order the screen lists them: the bottom seat's first. */
  function teamOrder(game) {
    var own = ownTeam(game);
    var order = [own];
    game.teams.forEach(function (_seats, team) {
      if (team !== own) order.push(team);
    });
    return order;
  }

  function isPlayer(game) {
    return game.your_seat !== null && game.your_seat !== undefined;
  }

  /* The seats whose decisions the player takes: his own, and the dummy's when he holds it. */
  function controls(seat, view, game) {
    if (seat === game.your_seat) return true;
    return !!view && view.dummy === seat && view.holder === game.your_seat && isPlayer(game);
  }

  function isMyTurn(view, game) {
    return game.status === "in_progress" && !!view && isPlayer(game) && view.seat_to_act !== null &&
      controls(view.seat_to_act, view, game);
  }

  function legalCards(view) {
    var cards = {};
    ((view && view.legal_actions) || []).forEach(function (action) {
      if (action.type === "play") cards[action.card] = true;
    });
    return cards;
  }

  /* Nothing has been played yet in the deal on the table: its commitment is shown, a forced
   * roll explained. */
  function isBeforeFirstCard(view) {
    return !!view && view.phase !== "dealing" && !view.trick.length && !sum(view.tricks_won);
  }

  // --- Sending --------------------------------------------------------------------------------

  var socket = {send: function () { return false; }};

  function send(message) {
    var sent = socket.send(message);
    if (!sent) showRuleError(S.not_sent);
    return sent;
  }

  function act(action) {
    var message = {};
    Object.keys(action).forEach(function (key) {
      if (key !== "seat") message[key] = action[key];
    });
    send({type: "act", version: current.version, action: message});
  }

  function play(card) {
    act({type: "play", card: card});
  }

  // --- What the layout scripts are given ------------------------------------------------------

  /* The markup of one seat: its name box, its hand and its set-up controls (the layout adds
   * what else it needs and puts the seat on the felt). */
  function seatElement(place) {
    var box = el("div", {"class": "seat seat--" + place, id: "seat-" + place, "data-place": place});
    var card = el("div", {"class": "player-card", id: "player-" + place});
    card.appendChild(el("span", {"class": "presence", "aria-hidden": "true"}));
    card.appendChild(el("span", {"class": "avatar", "aria-hidden": "true", hidden: ""}));
    card.appendChild(el("span", {"class": "player-name"}));
    // The time left to the seat to act, by its name (the turn line says it too).
    card.appendChild(el("span", {"class": "seat-clock countdown", "aria-hidden": "true"}));
    card.appendChild(el("span", {"class": "stars"}));
    card.appendChild(el("span", {"class": "player-tag"}));
    card.appendChild(el("span", {"class": "presence-text"}));
    box.appendChild(card);
    box.appendChild(el("div", {"class": "hand", id: "hand-" + place, role: "group"}));
    box.appendChild(el("div", {"class": "seat-controls", id: "controls-" + place}));
    return box;
  }

  var ctx = {
    S: S,
    kit: kit,
    el: el,
    root: root,
    felt: $("felt"),
    center: $("center"),
    isReplay: isReplay,
    seatElement: seatElement,
    placeOf: placeOf,
    seatAt: seatAt,
    seatName: seatName,
    isPlayer: isPlayer,
    isMyTurn: isMyTurn,
    legalCards: legalCards,
    play: play,
    layout: layout,
    current: function () { return current; },
  };
  // The table's extensions (table-keys.js, table-hints.js), included before this script: each
  // is started with the context and told of every frame drawn, before the table is fitted.
  var extensions = window.tableExtensions || [];

  // --- Fitting the window ---------------------------------------------------------------------

  /* Size the cards so that the whole table fits the window: the felt takes the height left
   * below the bar, the layout says how wide a card may be (its rows of cards across the width),
   * and the largest card whose felt holds everything in its height wins. */
  function layout() {
    var felt = $("felt");
    var top = felt.getBoundingClientRect().top + window.scrollY;
    var height = Math.max(window.innerHeight - top - 8, 280);
    root.style.setProperty("--felt-h", height.toFixed(0) + "px");
    var style = window.getComputedStyle(felt);
    var width = felt.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    var isNarrow = width < 560;
    root.classList.toggle("is-narrow", isNarrow);
    // A hand face up at a side (the dummy, avec un mort) needs its cards readable, as in a replay.
    var view = current && current.view;
    var hasFaceUpSide = !!view && view.dummy !== undefined && view.dummy !== null;
    var room = {width: width, height: height, isNarrow: isNarrow, isReplay: isReplay, hasFaceUpSide: hasFaceUpSide, frame: current};
    var bounds = L.cardBounds(room);
    function apply(cardWidth) {
      var sizes = L.sizes(cardWidth, room);
      sizes["card-w"] = cardWidth;
      sizes["card-h"] = cardWidth * 1.45;
      Object.keys(sizes).forEach(function (name) {
        var value = sizes[name];
        root.style.setProperty("--" + name, typeof value === "number" ? value.toFixed(1) + "px" : value);
      });
    }
    function fits() {
      return felt.scrollHeight <= felt.clientHeight + 1 && felt.scrollWidth <= felt.clientWidth + 1;
    }
    var low = bounds.min;
    var high = Math.max(bounds.min, bounds.max);
    apply(high);
    if (!fits()) {
      // The largest card width that fits, to the nearest pixel.
      while (high - low > 1) {
        var middle = (low + high) / 2;
        apply(middle);
        if (fits()) low = middle;
        else high = middle;
      }
      apply(low);
    }
  }

  // --- Rendering: seats -----------------------------------------------------------------------

  function renderSeats(view, game, isHold) {
    var colours = seats.tableColours(game.seats.map(function (entry, seat) {
      return entry.name ? seatName(seat, game) : "";
    }));
    L.places.forEach(function (place) {
      var seat = seatAt(place, game);
      var box = $("player-" + place);
      if (seat === null) return;
      var entry = game.seats[seat];
      box.querySelector(".player-name").textContent = seatName(seat, game);
      seats.fillAvatar(box.querySelector(".avatar"), entry.name ? seatName(seat, game) : "", colours[seat], entry.is_computer);
      box.querySelector(".stars").textContent = entry.stars_label || "";
      var tags = [];
      if (view && view.dealer === seat && game.status !== "open") tags.push(S.dealer);
      if (entry.is_computer) tags.push(S.computer_tag);
      if (game.your_seat === seat) tags.push(S.you);
      else if (partnerOf(game.your_seat, game).indexOf(seat) !== -1) tags.push(S.partner);
      if (game.status === "open" && entry.name && entry.name === game.host && !entry.is_computer) tags.push(S.host);
      box.querySelector(".player-tag").textContent = tags.length ? "(" + tags.join(", ") + ")" : "";
      box.setAttribute("data-seat", String(seat));
      box.setAttribute("data-team", String(teamOf(seat, game)));
      box.setAttribute("data-side", teamOf(seat, game) === ownTeam(game) ? "us" : "them");
      box.classList.toggle("is-free", !entry.name);
      box.classList.toggle("is-partner", partnerOf(game.your_seat, game).indexOf(seat) !== -1);
      box.classList.toggle("is-to-act", !isHold && !!view && view.seat_to_act === seat && game.status === "in_progress");
      renderPresence(box, game, seat);
      renderSeatControls(place, seat, game);
    });
  }

  function renderPresence(box, game, seat) {
    var presence = presenceBySeat ? presenceBySeat[seat] : null;
    var text = "";
    var state = "unknown";
    var entry = game.seats[seat];
    if (isReplay) {
      state = "unknown";
    } else if (entry && entry.is_computer && game.status !== "finished") {
      // A computer player never leaves its table (the presence frame may predate its seat).
      state = "here";
    } else if (presence && entry && entry.name && (game.status === "in_progress" || game.status === "open")) {
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

  function controlButton(label, message, className) {
    var button = el("button", {type: "button", "class": className || "tool"}, label);
    button.addEventListener("click", function () {
      send(message);
    });
    return button;
  }

  /* An open table's set-up by the seat: sit down, a computer player for the host, leave. A game
   * that starts by itself once full (waiting in the room for an opponent) has none. */
  var chosenLevel = "moyen";

  function renderSeatControls(place, seat, game) {
    var box = $("controls-" + place);
    box.textContent = "";
    if (game.status !== "open" || game.starts_when_full || isReplay) return;
    var entry = game.seats[seat];
    var isTaken = !!entry.name;
    // A visitor who is not logged in watches: a seat is for a member.
    if (!isTaken && !isPlayer(game) && root.getAttribute("data-member") === "true") {
      box.appendChild(controlButton(S.sit, {type: "take_seat", seat: seat}, "announce"));
    }
    if (!isTaken && game.is_host) {
      var id = "level-" + seat;
      box.appendChild(el("label", {"for": id, "class": "visually-hidden"}, S.level));
      var select = el("select", {id: id, "class": "level-select"});
      Object.keys(S.level_labels).forEach(function (level) {
        var option = el("option", {value: level}, S.level_labels[level]);
        if (level === chosenLevel) option.selected = true;
        select.appendChild(option);
      });
      // Every frame redraws the seats: the host's choice must outlive them, and it is the
      // natural default for the next free seat too.
      select.addEventListener("change", function () {
        chosenLevel = select.value;
      });
      box.appendChild(select);
      var fill = el("button", {type: "button", "class": "tool", "data-fill": String(seat)}, S.fill);
      fill.addEventListener("click", function () {
        send({type: "fill_seat", seat: seat, level: select.value});
      });
      box.appendChild(fill);
    }
    if (isTaken && entry.is_computer && game.is_host) {
      box.appendChild(controlButton(S.empty, {type: "empty_seat", seat: seat}));
    }
    if (isTaken && entry.is_you && !game.is_host) {
      box.appendChild(controlButton(S.leave_seat, {type: "leave_seat"}));
    }
  }

  function renderOpen(game) {
    var isOpen = game.status === "open" && !isReplay;
    $("open-controls").hidden = !isOpen;
    if (!isOpen) return;
    $("waiting").hidden = !game.starts_when_full;
    var missing = game.seats.filter(function (entry) { return !entry.name; }).length;
    var status = "";
    if (!game.starts_when_full) {
      status = missing ? kit.plural(S.waiting_players, missing) : S.ready;
      if (!game.is_host) status += " " + fmt(S.waiting_host, {name: game.host});
    }
    $("open-status").textContent = status;
    $("start-button").hidden = !game.is_host || game.starts_when_full;
    $("start-button").disabled = missing > 0;
    $("cancel-button").hidden = !game.is_host || game.starts_when_full;
  }

  // --- Rendering: scores, the deal, the turn --------------------------------------------------

  /* What a deal gave each side: its score, or, in a game of plus and minus points (Manni), the
   * plus less the minus. */
  function dealScores(deal) {
    if (deal.score) return deal.score;
    return deal.plus.map(function (plus, seat) { return plus - deal.minus[seat]; });
  }

  function signed(number) {
    return number < 0 ? "−" + -number : "+" + number;
  }

  function dealLine(view, team) {
    if (!view || view.phase !== "play" && !sum(view.tricks_won)) return "";
    // A game of tricks alone (Manni) has no card points.
    if (!view.card_points) return kit.plural(S.tricks_count, view.tricks_won[team]);
    return fmt(S.tricks_points, {
      tricks: kit.plural(S.tricks_count, view.tricks_won[team]),
      points: kit.plural(S.points_count, view.card_points[team]),
    });
  }

  function renderScores(view, game) {
    var box = $("team-scores");
    box.textContent = "";
    if (view) {
      teamOrder(game).forEach(function (team) {
        var score = el("span", {"class": "team-score", id: "score-team-" + team, "data-team": String(team)});
        score.classList.toggle("is-own", team === ownTeam(game) && isPlayer(game));
        score.appendChild(el("span", {"class": "team-name"}, teamLabel(team, game)));
        score.appendChild(document.createTextNode(" "));
        score.appendChild(el("strong", {"class": "team-total"}, String(view.totals[team])));
        // A match in a number of deals (boompje) has no target: its deal number says how far.
        score.appendChild(el("span", {"class": "team-target"}, game.target ? " / " + game.target : ""));
        score.appendChild(el("span", {"class": "team-deal"}, dealLine(view, team)));
        box.appendChild(score);
      });
    }
    var number = "";
    if (view && view.phase !== "dealing") {
      number = game.regular_deals && view.deal_number <= game.regular_deals
        ? fmt(S.deal_of, {n: view.deal_number, total: game.regular_deals})
        : fmt(S.deal_number, {n: view.deal_number});
    }
    $("deal-number").textContent = number;
    // The two-player boxes say who deals; around a larger table the line says it too.
    $("dealer-info").textContent = view && game.seat_count > 2 && view.phase !== "dealing"
      ? fmt(S.dealer_is, {name: seatName(view.dealer, game)}) : "";
    $("multiplier-info").textContent = view && view.multiplier > 1 ? fmt(S.multiplier, {n: view.multiplier}) : "";
  }

  function trumpText(deal) {
    if (deal.rolled) return S.rolled;
    if (deal.blind) return S.blind;
    if (deal.no_trump) return S.no_trump;
    if (deal.trump) return fmt(S.trump, {suit: kit.suitText(deal.trump)});
    return "";
  }

  /* What was announced in the deal, each as its game names it (mee by the dealer's
   * opponents, tegen by the dealer's team; buque and sur-buque). */
  function announcements(deal, game, withBuque) {
    var parts = [];
    if (withBuque && (deal.buque === "buque" || deal.buque === "surbuque")) parts.push(S[deal.buque]);
    var dealerTeam = teamOf(deal.dealer, game);
    if (deal.mee) {
      var opponents = game.teams.map(function (_seats, team) { return team; }).filter(function (team) { return team !== dealerTeam; });
      parts.push(fmt(S.announced_by, {what: S.mee, team: opponents.map(function (team) { return teamLabel(team, game); }).join(", ")}));
    }
    if (deal.tegen) parts.push(fmt(S.announced_by, {what: S.tegen, team: teamLabel(dealerTeam, game)}));
    return parts;
  }

  function renderDealInfo(view, game) {
    var trumpNode = $("trump-info");
    trumpNode.className = "trump";
    trumpNode.textContent = "";
    $("announce-info").textContent = "";
    var turned = $("turned-up-info");
    turned.textContent = "";
    turned.className = "turned-up";
    if (!view || view.phase === "dealing") return;
    var trump = trumpText(view);
    // A contract without trump (Manni's nullo and no-trump) is known from the cut.
    if (!trump && view.contract) trump = S.no_trump;
    if (!trump && !view.turned_up) trump = S.no_trump_yet;
    trumpNode.textContent = trump;
    if (view.trump && !view.rolled && !view.no_trump && !view.blind) trumpNode.classList.add("suit-" + view.trump);
    $("announce-info").textContent = announcements(view, game, true).join(" · ");
    var extras = [];
    var auction = auctionText(view, game);
    if (auction) extras.push(auction);
    if (view.cut) extras.push(fmt(S.cut, {card: kit.cardLabel(view.cut)}));
    if (view.contract) extras.push(S.contracts[view.contract] || view.contract);
    if (view.removed) extras.push(fmt(S.removed, {cards: view.removed.map(kit.cardLabel).join(" ")}));
    if (view.talon) extras.push(fmt(S.talon_shown, {cards: view.talon.map(kit.cardLabel).join(" ")}));
    else if (view.talon_count) extras.push(S.talon_hidden);
    if (extras.length) {
      var announced = $("announce-info").textContent;
      $("announce-info").textContent = (announced ? announced + " · " : "") + extras.join(" · ");
    }
    if (view.turned_up) {
      var card = view.turned_up.card;
      turned.appendChild(document.createTextNode(view.turned_up.is_held
        ? fmt(S.turned_up_held, {card: kit.cardLabel(card), name: seatName(view.turned_up.seat, game)})
        : fmt(S.turned_up, {card: kit.cardLabel(card)})));
      if (view.turned_up.is_held) turned.appendChild(kit.faceNode(card));
      turned.classList.add("suit-" + card[1]);
    }
  }

  function shortHash(hash) {
    return hash.slice(0, COMMITMENT_SHOWN) + "…";
  }

  /* The commitment as a line: the sentence around a short hash shown, the whole in the title
   * and for screen readers. */
  function commitmentNode(node, template, hash) {
    node.textContent = "";
    var parts = template.split("%(hash)s");
    var shown = el("span", {"aria-hidden": "true"});
    shown.appendChild(document.createTextNode(parts[0] || ""));
    shown.appendChild(el("code", {}, shortHash(hash)));
    shown.appendChild(document.createTextNode(parts.slice(1).join("")));
    node.appendChild(shown);
    node.appendChild(el("span", {"class": "visually-hidden"}, fmt(template, {hash: hash})));
    node.setAttribute("title", hash + "\n" + S.commitment_title);
    node.setAttribute("data-commitment", hash);
  }

  function renderCommitment(view, game) {
    var node = $("commitment");
    var hash = view && view.commitments ? view.commitments[view.deal_number - 1] : null;
    var isShown = !!hash && game.status === "in_progress" && isBeforeFirstCard(view);
    node.hidden = !isShown;
    if (isShown) commitmentNode(node, S.commitment, hash);
  }

  function renderTurn(view, game, isHold) {
    var text = "";
    var mine = !isHold && isMyTurn(view, game);
    if (game.status === "in_progress" && view && view.seat_to_act !== null && !isHold) {
      var phase = S.phase[view.phase] || "";
      var yours = view.seat_to_act === view.dummy ? S.your_turn_dummy : S.your_turn;
      text = mine ? yours : fmt(S.their_turn, {name: seatName(view.seat_to_act, game)});
      if (phase) text = fmt(S.labelled, {label: text, value: phase});
    }
    $("turn-line").classList.toggle("is-mine", mine);
    $("turn-text").textContent = text;
    var seconds = game.status === "in_progress" && !isHold && !isReplay ? game.seconds_left : null;
    countdownEnd = seconds === null || seconds === undefined ? null : performance.now() + seconds * 1000;
    tick();
    if (!isReplay) {
      document.title = mine ? S.your_turn + " · " + baseTitle : baseTitle;
      kit.setFavicon(mine);
    }
  }

  function tick() {
    var node = $("countdown");
    if (countdownEnd === null) {
      node.textContent = "";
      Array.prototype.forEach.call(document.querySelectorAll(".player-card .seat-clock"), function (clock) {
        clock.textContent = "";
      });
      return;
    }
    var left = Math.max(0, Math.ceil((countdownEnd - performance.now()) / 1000));
    node.textContent = kit.clockText(left);
    node.classList.toggle("is-short", left <= 30);
    Array.prototype.forEach.call(document.querySelectorAll(".player-card .seat-clock"), function (clock) {
      var isActing = clock.parentNode.classList.contains("is-to-act");
      clock.textContent = isActing ? kit.clockText(left) : "";
      clock.classList.toggle("is-short", isActing && left <= 30);
    });
    if (left <= 30 && left > 0 && !warnedShort && isMyTurn(current.view, current.game)) {
      warnedShort = true;
      kit.sound("short");
    }
    if (presenceBySeat) {
      L.places.forEach(function (place) {
        var box = $("player-" + place);
        if (box && box.getAttribute("data-presence") === "away") {
          renderPresence(box, current.game, Number(box.getAttribute("data-seat")));
        }
      });
    }
  }

  // --- Rendering: hands, trick, decisions -----------------------------------------------------

  function renderHands(view, game, isHold) {
    var you = game.your_seat;
    var mine = !isHold && isMyTurn(view, game) && view.phase === "play";
    var legal = isPlayer(game) ? legalCards(view) : {};
    L.places.forEach(function (place) {
      var seat = seatAt(place, game);
      var hand = $("hand-" + place);
      hand.textContent = "";
      hand.classList.remove("is-hidden-own");
      hand.removeAttribute("data-count");
      hand.removeAttribute("data-dummy");
      hand.setAttribute("data-seat", String(seat));
      if (!view || seat === null || view.phase === "dealing") {
        hand.setAttribute("aria-label", place === "bottom" && isPlayer(game) ? S.your_hand : fmt(S.hand_of, {name: seatName(seat, game)}));
        return;
      }
      var isOwn = seat === you;
      hand.classList.toggle("is-small", !isOwn && !(isReplay && place === "bottom"));
      if (view.hands) {
        // The replay of a finished game: nothing is secret any more, every hand is shown.
        view.hands[seat].forEach(function (card) { hand.appendChild(kit.faceNode(card)); });
        hand.setAttribute("aria-label", fmt(S.hand_of, {name: seatName(seat, game)}));
        return;
      }
      if (isOwn && !view.is_hand_hidden) {
        var exchanging = !isHold && isExchanging(view, game);
        var key = view.deal_number + "-" + view.phase;
        if (!exchanging || key !== exchangeKey) exchangeChoice = {};
        exchangeKey = exchanging ? key : null;
        view.hand.forEach(function (card) {
          // The dummy's holder plays his own cards at his own turn only.
          hand.appendChild(exchanging ? exchangeCardButton(card, view) : kit.cardButton(card, !!legal[card], mine && view.seat_to_act === you, play));
        });
        hand.setAttribute("aria-label", S.your_hand);
        return;
      }
      var shown = view.shown_hands ? view.shown_hands[seat] : null;
      if (shown && !isOwn) {
        // A hand on the table that every seat sees: a partner's shown (parlée: *Montre ton
        // jeu*), or the dummy's, whose cards its holder plays from there.
        var holds = seat === view.dummy && controls(seat, view, game);
        var playsNow = holds && mine && view.seat_to_act === seat;
        shown.forEach(function (card) {
          hand.appendChild(holds ? kit.cardButton(card, playsNow && !!legal[card], playsNow, play) : kit.faceNode(card));
        });
        hand.classList.add("is-shown");
        hand.classList.toggle("is-small", !holds);
        hand.toggleAttribute("data-dummy", seat === view.dummy);
        hand.setAttribute("aria-label", seat === view.dummy
          ? fmt(S.dummy_hand, {name: seatName(view.holder, game)})
          : fmt(S.questions.shown_hand, {name: seatName(seat, game)}));
        return;
      }
      hand.classList.remove("is-shown");
      hand.removeAttribute("data-dummy");
      var count = view.hand_counts[seat];
      for (var i = 0; i < count; i += 1) hand.appendChild(kit.backNode());
      // The player's own cards he may not look at yet: his eight backs, full size.
      hand.classList.toggle("is-hidden-own", isOwn);
      hand.setAttribute("data-count", String(count));
      hand.setAttribute("aria-label", isOwn ? S.your_hand + " · " + kit.plural(S.cards_left, count)
        : kit.plural(S.cards_left, count) + " · " + seatName(seat, game));
    });
    // The dealer himself before he looks (blind option), or his partner until trump is named.
    var hidden = !view || !isPlayer(game) || !view.is_hand_hidden ? "" : view.dealer === you ? "dealer" : "partner";
    root.setAttribute("data-hand-hidden", hidden);
    var note = $("hidden-hand-note");
    note.hidden = !hidden;
    note.textContent = hidden === "dealer" ? S.hidden_hand_dealer
      : hidden ? fmt(S.hidden_hand, {name: seatName(view.dealer, game)}) : "";
  }

  function renderTrick(cards, game, winner) {
    var container = $("trick");
    // Only a card that was not on the table yet comes in from its player's side.
    var shown = {};
    Array.prototype.forEach.call(container.querySelectorAll(".played"), function (slot) {
      shown[slot.getAttribute("data-seat") + slot.getAttribute("data-card")] = true;
    });
    container.textContent = "";
    cards.forEach(function (played) {
      var place = placeOf(played.seat, game);
      var slot = el("div", {"class": "played from-" + place, "data-seat": String(played.seat), "data-place": place, "data-card": played.card});
      if (!shown[played.seat + played.card]) slot.classList.add("is-new");
      slot.appendChild(kit.faceNode(played.card));
      if (winner !== undefined && played.seat === winner) slot.classList.add("is-winning");
      container.appendChild(slot);
    });
    container.classList.toggle("is-complete", winner !== undefined);
    container.className = container.className.replace(/\bgoes-\w+/g, "").trim();
    $("trick-caption").textContent = winner !== undefined ? fmt(S.trick_taken, {name: seatName(winner, game)}) : "";
  }

  function actionLabel(action) {
    if (action.type === "trump") {
      return action.suit ? fmt(S.actions.trump, {suit: kit.suitText(action.suit)}) : S.actions.no_trump;
    }
    return S.actions[action.type] || action.type;
  }

  /* The decisions that are not cards, as buttons: trump in the suits' usual order (no trump
   * after them), then the others in the order the rules give them. */
  function renderDecisions(view, game, isHold) {
    var box = $("announcements");
    box.textContent = "";
    if (isHold || !view || !isPlayer(game) || game.status !== "in_progress" || isReplay) return;
    var all = view.legal_actions || [];
    var bids = all.filter(function (action) { return action.type === "bid"; });
    if (bids.length) box.appendChild(bidPicker(bids));
    var exchange = all.filter(function (action) { return action.type === "exchange"; })[0];
    if (exchange) box.appendChild(exchangeButton(view));
    var actions = all.filter(function (action) {
      return action.type !== "play" && action.type !== "bid" && action.type !== "exchange" && !QUESTION_TYPES[action.type];
    });
    var rank = function (action, index) {
      if (action.type !== "trump") return 10 + index;
      return action.suit ? SUIT_ORDER.indexOf(action.suit) : 4;
    };
    actions.map(function (action, index) { return [rank(action, index), action]; })
      .sort(function (a, b) { return a[0] - b[0]; })
      .forEach(function (pair) {
        var action = pair[1];
        var button = el("button", {type: "button", "class": "announce", "data-action": action.type}, actionLabel(action));
        if (action.type === "trump") {
          button.setAttribute("data-suit", action.suit || "none");
          if (action.suit) button.classList.add("suit-" + action.suit);
        }
        button.addEventListener("click", function () {
          act(action);
        });
        box.appendChild(button);
      });
  }

  // --- The auction (enchères) and the exchange (Manni) ----------------------------------------

  /* Every legal bid is an action of its own (dozens of them): one list of the points, lowest
   * first, and one button. */
  function bidPicker(bids) {
    var group = el("span", {"class": "bid-picker"});
    var select = el("select", {id: "bid-points", "aria-label": S.auction.points});
    bids.forEach(function (action) {
      select.appendChild(el("option", {value: String(action.points)}, String(action.points)));
    });
    var button = el("button", {type: "button", "class": "announce", "data-action": "bid"}, "");
    function label() {
      button.textContent = fmt(S.actions.bid, {points: select.value});
    }
    select.addEventListener("change", label);
    label();
    button.addEventListener("click", function () {
      act({type: "bid", points: Number(select.value)});
    });
    group.appendChild(el("label", {"for": "bid-points"}, S.auction.points));
    group.appendChild(select);
    group.appendChild(button);
    return group;
  }

  /* The auction so far, or, once it is over, its result: in the deal's line. */
  function auctionText(view, game) {
    if (!view.bids) return "";
    if (view.phase === "bid") {
      return view.bids.map(function (entry) {
        return fmt(S.auction.said, {
          name: seatName(entry.seat, game),
          what: entry.points === null ? S.auction.passes : String(entry.points),
        });
      }).join(" · ");
    }
    if (view.bidder === null || view.bidder === undefined) return "";
    return fmt(S.auction.contract, {points: view.bid, name: seatName(view.bidder, game)});
  }

  // The cards the player has picked to give back to the Manni, until he confirms.
  var exchangeChoice = {};
  var exchangeKey = null;

  function isExchanging(view, game) {
    return !!view && isPlayer(game) && (view.legal_actions || []).some(function (action) { return action.type === "exchange"; });
  }

  function exchangeButton(view) {
    var chosen = Object.keys(exchangeChoice);
    var limit = view.exchange_limit;
    var button = el("button", {type: "button", "class": "announce", "data-action": "exchange"},
      chosen.length ? kit.plural(S.exchange.give, chosen.length) : S.exchange.keep);
    button.disabled = limit !== undefined && limit !== null && chosen.length > limit;
    button.addEventListener("click", function () {
      act({type: "exchange", cards: Object.keys(exchangeChoice)});
    });
    return button;
  }

  /* The hand during the exchange: each card picked or put back with a click, up to the limit. */
  function exchangeCardButton(card, view) {
    var button = kit.cardButton(card, true, true, function () {
      if (exchangeChoice[card]) delete exchangeChoice[card];
      else if (Object.keys(exchangeChoice).length < view.exchange_limit) exchangeChoice[card] = true;
      render(current);
    });
    button.classList.toggle("is-picked", !!exchangeChoice[card]);
    button.setAttribute("aria-pressed", exchangeChoice[card] ? "true" : "false");
    return button;
  }

  // --- The partners' questions (parlée) ------------------------------------------------------

  var QUESTION_TYPES = {ask_card: true, ask_count: true, show: true};

  /* What a question says, in the words of the table's story. */
  function questionText(question, game) {
    return fmt(S.replay_action[question.type] || "", {
      name: seatName(question.seat, game),
      card: question.card ? kit.cardLabel(question.card) : "",
      suit: question.suit ? S.questions.suit_plural[question.suit] : "",
    });
  }

  function answerText(question) {
    if (question.type === "ask_card") return question.answer ? S.questions.yes : S.questions.no;
    if (question.type === "ask_count") return String(question.answer);
    return question.answer.length ? question.answer.map(kit.cardLabel).join(" ") : S.questions.nothing;
  }

  /* The deal's questions and answers, heard by all four seats: the last ones in the middle of
   * the table (the whole list is in the replay's steps and the record). */
  function renderQuestionStory(view, game) {
    var list = $("question-story");
    list.textContent = "";
    var questions = view && view.questions && view.phase !== "dealing" ? view.questions : [];
    list.hidden = !questions.length;
    questions.slice(-QUESTIONS_SHOWN).forEach(function (question) {
      var partner = seatName((question.seat + 2) % 4, game);
      var item = el("li", {"data-type": question.type, "data-seat": String(question.seat)});
      item.appendChild(el("span", {"class": "question"}, questionText(question, game)));
      item.appendChild(document.createTextNode(" "));
      item.appendChild(el("span", {"class": "answer"}, fmt(S.questions.answered, {name: partner, answer: answerText(question)})));
      list.appendChild(item);
    });
  }

  /* The questions the seat to play may ask before his card: how many of a suit (four suit
   * buttons), whether the partner holds a card (a list of the cards he cannot see), show. */
  function renderQuestions(view, game, isHold) {
    var box = $("questions");
    box.textContent = "";
    var asks = isHold || !view || !isPlayer(game) || game.status !== "in_progress" || isReplay ? []
      : (view.legal_actions || []).filter(function (action) { return QUESTION_TYPES[action.type]; });
    box.hidden = !asks.length;
    if (!asks.length) return;
    box.appendChild(el("span", {"class": "questions-title"}, S.questions.title));
    var counts = asks.filter(function (action) { return action.type === "ask_count"; });
    if (counts.length) {
      var group = el("span", {"class": "question-group"});
      group.appendChild(el("span", {"aria-hidden": "true"}, S.questions.count_prompt));
      counts.forEach(function (action) {
        var label = fmt(S.actions.ask_count, {suit: S.questions.suit_plural[action.suit]});
        var button = el("button", {type: "button", "class": "tool suit-" + action.suit, "data-action": "ask_count", "data-suit": action.suit, "aria-label": label, title: label}, kit.SYMBOLS[action.suit]);
        button.addEventListener("click", function () { act(action); });
        group.appendChild(button);
      });
      box.appendChild(group);
    }
    // Asking about one's own cards or a card already played would tell nothing.
    var known = {};
    (view.hand || []).forEach(function (card) { known[card] = true; });
    (view.plays || []).forEach(function (played) { known[played.card] = true; });
    var cards = asks.filter(function (action) { return action.type === "ask_card" && !known[action.card]; });
    if (cards.length) {
      var cardGroup = el("span", {"class": "question-group"});
      var select = el("select", {id: "question-card", "aria-label": S.questions.card_prompt});
      cards.forEach(function (action) {
        select.appendChild(el("option", {value: action.card}, kit.cardLabel(action.card) + " · " + kit.cardName(action.card)));
      });
      cardGroup.appendChild(el("label", {"for": "question-card"}, S.questions.card_prompt));
      cardGroup.appendChild(select);
      var ask = el("button", {type: "button", "class": "tool", "data-action": "ask_card"}, S.actions.ask_card);
      ask.addEventListener("click", function () {
        act({type: "ask_card", card: select.value});
      });
      cardGroup.appendChild(ask);
      box.appendChild(cardGroup);
    }
    asks.filter(function (action) { return action.type === "show"; }).forEach(function (action) {
      var show = el("button", {type: "button", "class": "tool", "data-action": "show"}, S.actions.show);
      show.addEventListener("click", function () { act(action); });
      box.appendChild(show);
    });
  }

  // --- Summaries, history, the end ------------------------------------------------------------

  /* A deal's notes: one for each of its summary's fields that is there and true. */
  function dealNotes(deal, game) {
    // A deal played to its end without a trump suit was played without trump.
    var notes = [trumpText(deal) || S.no_trump];
    if (deal.turned_up) notes.push(fmt(S.turned_up, {card: kit.cardLabel(deal.turned_up)}));
    if (deal.talon) notes.push(fmt(S.talon_shown, {cards: deal.talon.map(kit.cardLabel).join(" ")}));
    announcements(deal, game, false).forEach(function (part) { notes.push(part); });
    if (deal.rolled) notes.push(S.notes.rolled);
    if (deal.buque === "buque" || deal.buque === "surbuque") notes.push(S.notes.buque);
    if (deal.buque === "surbuque") notes.push(S.notes.surbuque);
    if (deal.capot) {
      var winner = deal.tricks.indexOf(Math.max.apply(null, deal.tricks));
      notes.push(game.teams[winner] && game.teams[winner].length > 1 ? S.notes.capot_team : S.notes.capot);
    }
    if (deal.complete && deal.card_points && deal.card_points.every(function (points) { return points === 30; })) notes.push(S.notes.tie);
    // Manni: its contract, unless it only says again what the trump note said (no trump).
    var contract = deal.contract ? S.contracts[deal.contract] || deal.contract : null;
    if (contract && notes.indexOf(contract) < 0) notes.push(contract);
    if (deal.cut) notes.push(fmt(S.cut, {card: kit.cardLabel(deal.cut)}));
    if (deal.bidder !== null && deal.bidder !== undefined) {
      notes.push(fmt(S.auction.contract, {points: deal.bid, name: seatName(deal.bidder, game)}));
    }
    if (deal.doubled_by_tie) notes.push(S.notes.doubled_by_tie);
    if (deal.multiplier > 1) notes.push(fmt(S.notes.multiplier, {n: deal.multiplier}));
    // The game's cap on a deal's score (480 in the two-player game), when the deal reached it.
    var cap = game.deal_score_cap;
    if (cap && deal.complete && deal.score && Math.max.apply(null, deal.score) === cap) notes.push(fmt(S.notes.cap, {n: cap}));
    return notes;
  }

  /* What multiplied a deal, and who said it: the roll, the buque by the dealer's opponent and
   * the sur-buque by the dealer (two players), no trump or blind, mee by the dealer's opponents
   * and tegen by his team (four), a 30–30 carried. */
  function multiplierReasons(deal, game) {
    var reasons = [];
    if (deal.rolled) reasons.push(S.arithmetic.rolled);
    if (deal.blind) reasons.push(S.arithmetic.blind);
    // A four-player deal's summary says no trump by its missing suit.
    else if (deal.no_trump || !deal.trump && !deal.rolled && deal.mee !== undefined) reasons.push(S.arithmetic.no_trump);
    if (deal.buque === "buque" || deal.buque === "surbuque") {
      var buquer = partnerOf(deal.dealer, game).length ? null : (deal.dealer + 1) % game.seat_count;
      reasons.push(buquer === null ? S.buque : fmt(S.arithmetic.buque_by, {name: seatName(buquer, game)}));
    }
    if (deal.buque === "surbuque") reasons.push(fmt(S.arithmetic.surbuque_by, {name: seatName(deal.dealer, game)}));
    var dealerTeam = teamOf(deal.dealer, game);
    if (deal.mee) {
      var opponents = game.teams.map(function (_seats, team) { return team; }).filter(function (team) { return team !== dealerTeam; });
      reasons.push(fmt(S.arithmetic.mee_by, {name: opponents.map(function (team) { return teamLabel(team, game); }).join(", ")}));
    }
    if (deal.tegen) reasons.push(fmt(S.arithmetic.tegen_by, {name: teamLabel(dealerTeam, game)}));
    if (deal.doubled_by_tie) reasons.push(S.arithmetic.tie);
    return reasons;
  }

  function totalsAfter(view, index, teamCount) {
    var totals = [];
    for (var team = 0; team < teamCount; team += 1) totals.push(0);
    view.deals.slice(0, index + 1).forEach(function (deal) {
      dealScores(deal).forEach(function (score, team) { totals[team] += score; });
    });
    return totals;
  }

  /* A table's head: its first `fixed` columns, then one column per team. */
  function teamHeads(row, game, fixed) {
    while (row.children.length > fixed) row.removeChild(row.lastChild);
    teamOrder(game).forEach(function (team) {
      row.appendChild(el("th", {scope: "col", "data-team": String(team)}, teamLabel(team, game)));
    });
  }

  function fillSummary(view, game, deal, index) {
    $("deal-summary-title").textContent = fmt(S.deal_summary, {n: index + 1});
    teamHeads($("summary-head"), game, 1);
    var totals = totalsAfter(view, index, game.teams.length);
    var body = $("summary-body");
    body.textContent = "";
    // The rows the game's summary has: Manni counts tricks and plus and minus points only.
    [["tricks", deal.tricks], ["points", deal.card_points], ["score", deal.score], ["plus", deal.plus],
     ["minus", deal.minus], ["total", totals]].filter(function (row) { return row[1]; }).forEach(function (row) {
      var line = el("tr");
      line.appendChild(el("th", {scope: "row"}, S.summary_rows[row[0]]));
      teamOrder(game).forEach(function (team) {
        line.appendChild(el("td", {"data-row": row[0], "data-team": String(team)}, String(row[1][team])));
      });
      body.appendChild(line);
    });
    var arithmetic = seats.scoreArithmetic(deal, game.deal_scoring, game.deal_score_cap, multiplierReasons(deal, game));
    $("summary-arithmetic").textContent = arithmetic
      ? fmt(S.arithmetic.line, {name: teamLabel(arithmetic.side, game), sum: arithmetic.text}) : "";
    var list = $("summary-notes");
    list.textContent = "";
    dealNotes(deal, game).forEach(function (note) {
      list.appendChild(el("li", {}, note));
    });
  }

  /* A deal's commitment under its row of the history, the whole hash in its title. */
  function commitmentRow(body, index, hash, columns) {
    if (!hash) return;
    var row = el("tr", {"class": "commitment-row", "data-deal": String(index)});
    var cell = el("td", {colspan: String(columns)});
    // The hash alone is shown (the note under the table says what it is); the sentence is read.
    commitmentNode(cell, "%(hash)s", hash);
    cell.lastChild.textContent = fmt(S.commitment, {hash: hash});
    row.appendChild(cell);
    body.appendChild(row);
  }

  function renderHistory(view, game) {
    var body = $("history-body");
    body.textContent = "";
    // The deal, its trump and multiplier, then the teams.
    teamHeads($("history-head"), game, 2);
    var columns = 2 + game.teams.length;
    var totals = game.teams.map(function () { return 0; });
    var deals = view && view.deals ? view.deals : [];
    var commitments = view && view.commitments ? view.commitments : [];
    deals.forEach(function (deal, index) {
      dealScores(deal).forEach(function (score, team) { totals[team] += score; });
      var row = el("tr", {"data-deal": String(index)});
      row.appendChild(el("th", {scope: "row"}, String(index + 1)));
      var trump = deal.rolled ? S.rolled_short : deal.blind ? S.blind : deal.trump ? kit.SYMBOLS[deal.trump] : S.no_trump;
      // Manni has a contract and no multiplier; a nullo deal has no trump either.
      var multiplier = deal.multiplier ? " ×" + deal.multiplier : "";
      row.appendChild(el("td", {"class": "history-trump"}, trump + multiplier + (deal.capot ? " · " + S.capot_short : "")));
      teamOrder(game).forEach(function (team) {
        var cell = el("td", {"data-team": String(team)});
        if (deal.complete) {
          cell.appendChild(el("span", {"class": "history-score"}, fmt(S.history_score, {score: dealScores(deal)[team], total: totals[team]})));
          // The card points, or in a game of tricks alone (Manni) the tricks.
          cell.appendChild(el("span", {"class": "history-points"}, deal.card_points
            ? fmt(S.history_points, {points: deal.card_points[team]})
            : kit.plural(S.tricks_count, deal.tricks[team])));
        } else {
          cell.textContent = S.cut_short;
        }
        row.appendChild(cell);
      });
      body.appendChild(row);
      commitmentRow(body, index, commitments[index], columns);
    });
    // The deal in play: its commitment is already public.
    if (view && game.status === "in_progress" && commitments.length > deals.length && commitments[deals.length]) {
      var row = el("tr", {"data-deal": String(deals.length), "class": "is-in-play"});
      row.appendChild(el("th", {scope: "row"}, String(deals.length + 1)));
      row.appendChild(el("td", {colspan: String(columns - 1)}, S.deal_in_play));
      body.appendChild(row);
      commitmentRow(body, deals.length, commitments[deals.length], columns);
    }
    $("history-button").hidden = isReplay || !view || (!deals.length && !commitments.length);
  }

  function renderEnd(view, game) {
    var isOver = game.status === "finished" || game.status === "cancelled";
    var isFinished = game.status === "finished";
    if (game.record_url) $("record-link").setAttribute("href", game.record_url);
    if (game.replay_url) $("replay-link").setAttribute("href", game.replay_url);
    $("record-item").hidden = !isFinished || !game.record_url;
    $("replay-item").hidden = !isFinished || !game.replay_url;
    if (game.lobby_url) $("lobby-link").setAttribute("href", game.lobby_url);
    var again = $("again-form");
    if (again) {
      again.hidden = !game.can_play_again;
      if (game.again_url) again.setAttribute("action", game.again_url);
    }
    renderRematch(game);
    $("result-button").hidden = isReplay || !isOver;
    if (!isOver) return;
    var hasWinner = game.winner_team !== null && game.winner_team !== undefined;
    if (isFinished && !hasWinner) {
      renderLoserEnd(view, game);
      return;
    }
    if (game.status === "cancelled" || !hasWinner) {
      $("match-end-title").textContent = S.cancelled;
      $("match-end-reason").textContent = "";
      $("match-end-totals").textContent = "";
      $("match-end-history").hidden = true;
      return;
    }
    $("match-end-title").textContent = resultTitle(game);
    var totals = view ? view.totals : game.teams.map(function () { return 0; });
    $("match-end-reason").textContent = reasonText(game, totals);
    $("match-end-totals").textContent = fmt(S.final_score, {scores: teamOrder(game).map(function (team) {
      return teamLabel(team, game) + " " + totals[team];
    }).join(", ")});
    var ladder = $("ladder-points");
    ladder.textContent = "";
    (game.ladder_points || []).forEach(function (entry) {
      ladder.appendChild(el("li", {}, fmt(entry.delta >= 0 ? S.ladder_won : S.ladder_lost, {ladder: entry.ladder, n: Math.abs(entry.delta)})));
    });
  }

  /* The end of a match without a single winner: the loser is named (enchères: every other
   * seat has won; à trois: a forfeit whose two others are level). */
  function renderLoserEnd(view, game) {
    var loser = view && view.loser !== null && view.loser !== undefined ? view.loser : game.forfeit_seat;
    var totals = view ? view.totals : game.teams.map(function () { return 0; });
    var hasLoser = loser !== null && loser !== undefined;
    var name = hasLoser ? seatName(loser, game) : "";
    var title = S.no_winner;
    if (hasLoser && isPlayer(game)) title = loser === game.your_seat ? S.you_lose : fmt(S.not_the_loser, {name: name});
    else if (hasLoser) title = fmt(S.loser, {name: name});
    $("match-end-title").textContent = title;
    var reason = game.end_reason === "points" ? fmt(S.last_below, {name: name, n: game.target})
      : fmt(S.end_reasons[game.end_reason] || "", {name: game.forfeit_seat === null ? "" : seatName(game.forfeit_seat, game)});
    $("match-end-reason").textContent = reason;
    $("match-end-totals").textContent = fmt(S.final_score, {scores: teamOrder(game).map(function (team) {
      return teamLabel(team, game) + " " + totals[team];
    }).join(", ")});
    $("match-end-history").hidden = false;
  }

  function resultTitle(game) {
    var winner = game.winner_team;
    var isTeam = game.teams[winner].length > 1;
    if (isPlayer(game)) {
      var won = teamOf(game.your_seat, game) === winner;
      if (isTeam) return won ? S.we_win : S.we_lose;
      return won ? S.you_win : S.you_lose;
    }
    return isTeam ? fmt(S.winner_team, {team: teamLabel(winner, game)}) : fmt(S.winner, {name: teamLabel(winner, game)});
  }

  function reasonText(game, totals) {
    var winner = game.winner_team;
    var reason = S.end_reasons[game.end_reason] || S.end_reasons.points;
    var forfeit = game.forfeit_seat === null || game.forfeit_seat === undefined ? "" : seatName(game.forfeit_seat, game);
    var others = totals.filter(function (_total, team) { return team !== winner; });
    return fmt(reason, {name: forfeit, a: totals[winner], b: others.length ? Math.max.apply(null, others) : 0});
  }

  function renderMeta(game) {
    var options = [];
    Object.keys(game.options || {}).forEach(function (key) {
      if (game.options[key] && S.option_labels[key]) options.push(S.option_labels[key]);
    });
    $("table-options").textContent = options.length ? " (" + options.join(", ") + ")" : "";
    var stakes = $("game-stakes");
    if (!game.stakes || isReplay) {
      stakes.hidden = true;
      return;
    }
    var stake = game.stakes[String(bottomSeat(game))];
    stakes.textContent = stake ? fmt(S.stakes, {win: "+" + stake.win, loss: "−" + Math.abs(stake.loss)}) : "";
    stakes.hidden = !stake;
  }

  /* Draw one frame. `hold` is a completed trick shown in place of the frame's own trick, with
   * every decision held back until it has gone to its winner. */
  function render(frame, hold) {
    // A keyboard player keeps his place: redrawn buttons take the focus back to the decision.
    var active = document.activeElement;
    var hadFocus = !!active && active !== document.body && $("felt").contains(active);
    current = frame;
    var game = frame.game;
    var view = frame.view;
    var isHold = !!hold;
    root.setAttribute("data-status", game.status);
    root.setAttribute("data-version", String(frame.version));
    root.setAttribute("data-holding", isHold ? "true" : "false");
    root.setAttribute("data-phase", view ? view.phase : game.status);
    renderMeta(game);
    renderSeats(view, game, isHold);
    renderScores(view, game);
    renderOpen(game);
    renderDealInfo(view, game);
    renderCommitment(view, game);
    renderTurn(view, game, isHold);
    renderHands(view, game, isHold);
    renderTrick(view ? (hold ? hold.cards : view.trick) : [], game, hold ? hold.winner : undefined);
    // The decision buttons take the trick's place until the first card.
    $("trick-zone").hidden = !view || !hold && view.phase !== "play" && !view.trick.length;
    $("forced-roll").hidden = !view || !view.roll_forced || !isBeforeFirstCard(view);
    $("forced-roll").textContent = S.forced_roll;
    // A deal's summary opens before the next deal's decisions: they wait until it is closed,
    // never drawn behind it where a click cannot reach them.
    var isSummaryFirst = isHold || isSummaryAhead(frame);
    renderDecisions(view, game, isSummaryFirst);
    renderQuestions(view, game, isSummaryFirst);
    renderQuestionStory(view, game);
    if (L.draw) L.draw(frame, ctx, isHold);
    renderHistory(view, game);
    renderEnd(view, game);
    var leave = $("leave-form");
    if (leave) leave.hidden = !(game.status === "in_progress" && isPlayer(game));
    // Before the fitting: an extension may add to the felt (a key on a button, a hint).
    extensions.forEach(function (extension) {
      if (extension.rendered) extension.rendered(frame, isHold);
    });
    layout();
    if (hadFocus) {
      var target = document.querySelector("#announcements button, #felt button.card.is-legal") || $("felt");
      target.focus({preventScroll: true});
    }
  }

  function isMatchStart(frame) {
    var view = frame.view;
    return !!view && !!frame.game.first_dealer_draw && frame.game.first_dealer_draw.length > 0 &&
      view.deal_number === 1 && !(view.deals || []).length && isBeforeFirstCard(view);
  }

  /* After a frame is drawn for good: open what it brings (a deal's summary, the result). */
  function afterRender(frame) {
    var deals = completeDeals(frame.view);
    root.setAttribute("data-deals", String(deals.length));
    var game = frame.game;
    var isFinished = game.status === "finished" || game.status === "cancelled";
    var statusChanged = game.status !== shownStatus;
    shownStatus = game.status;
    if (deals.length > shownDeals) {
      shownDeals = deals.length;
      var last = deals[deals.length - 1];
      fillSummary(frame.view, game, last, frame.view.deals.indexOf(last));
      pendingMatchEnd = isFinished;
      openOverlay("deal-summary", isFinished ? 5000 : DEAL_SUMMARY_MS);
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
    var game = frame.game;
    if (!view || game.status !== "in_progress") return;
    var parts = [];
    var last = view.trick.length ? view.trick[view.trick.length - 1] : null;
    if (last && last.seat !== game.your_seat) {
      parts.push(fmt(S.announce_played, {name: seatName(last.seat, game), card: kit.cardName(last.card)}));
    }
    var mine = isMyTurn(view, game);
    if (mine) parts.push(fmt(S.labelled, {label: S.your_turn, value: S.phase[view.phase] || ""}));
    var text = parts.join(". ");
    if (text && text !== announced) {
      announced = text;
      $("announcer").textContent = text;
    }
    if (last && frame.version !== lastSoundVersion) {
      lastSoundVersion = frame.version;
      kit.sound("card");
    }
    if (mine && !wasMyTurn) kit.sound("turn");
    wasMyTurn = mine;
    if (!mine) warnedShort = false;
  }

  /* Who deals first: each round of the draw (a card per seat still in it), then the dealer. */
  function renderDraw(frame) {
    // Avec un mort: first who takes the dummy, the highest card.
    var dummyRounds = frame.game.dummy_draw || [];
    $("dummy-draw").hidden = !dummyRounds.length;
    var dummyList = $("dummy-draw-list");
    dummyList.textContent = "";
    dummyRounds.forEach(function (round) {
      dummyList.appendChild(el("li", {}, round.map(function (pair) {
        return fmt(S.labelled, {label: seatName(pair[0], frame.game), value: kit.cardLabel(pair[1])});
      }).join(" — ")));
    });
    var holder = frame.view && frame.view.holder !== undefined ? frame.view.holder : null;
    $("dummy-draw-result").textContent = dummyRounds.length && holder !== null
      ? fmt(S.dummy_draw_result, {name: seatName(holder, frame.game)}) : "";
    var list = $("draw-list");
    list.textContent = "";
    (frame.game.first_dealer_draw || []).forEach(function (round) {
      list.appendChild(el("li", {}, round.map(function (pair) {
        return fmt(S.labelled, {label: seatName(pair[0], frame.game), value: kit.cardLabel(pair[1])});
      }).join(" — ")));
    });
    $("draw-result").textContent = frame.view ? fmt(S.draw_result, {name: seatName(frame.view.first_dealer, frame.game)}) : "";
  }

  function openOverlay(id, closeAfter) {
    var isSummaryReplaced = id !== "deal-summary" && !$("deal-summary").hidden;
    OVERLAYS.forEach(function (other) {
      if (other !== id) $(other).hidden = true;
    });
    if (isSummaryReplaced && !isHolding && !isReplay) render(current);
    clearTimeout(overlayTimer);
    $(id).hidden = false;
    if (closeAfter) {
      overlayTimer = setTimeout(function () {
        closeOverlay(id);
      }, closeAfter);
    }
  }

  /* The deal summary is open, or this frame is about to open it. */
  function isSummaryAhead(frame) {
    return !$("deal-summary").hidden || completeDeals(frame.view).length > shownDeals;
  }

  function closeOverlay(id) {
    var wasShown = !$(id).hidden;
    $(id).hidden = true;
    // The decisions held back behind the summary are drawn now.
    if (id === "deal-summary" && wasShown && !isHolding && !isReplay) render(current);
    if (id === "deal-summary" && pendingMatchEnd) {
      pendingMatchEnd = false;
      openOverlay("match-end");
    }
    // The deals opened from the end of the match go back to it: its decisions (Revanche,
    // Rejouer) must not vanish behind a closed box.
    if (id === "history" && historyFromEnd) {
      historyFromEnd = false;
      openOverlay("match-end");
    }
  }

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
        // The end of the pause is set before drawing: a drawing that fails must not leave the
        // table held for ever (the next frame draws it again).
        setTimeout(function () {
          isHolding = false;
          try {
            // A newer frame waiting in the queue replaces this one at once.
            if (!queue.length) render(current);
            afterRender(current);
          } finally {
            pump();
          }
        }, TRICK_HOLD_MS);
        render(frame, trick);
        // The trick slides to its winner in the last moments of the pause.
        var side = placeOf(trick.winner, frame.game);
        setTimeout(function () {
          $("trick").classList.add("goes-" + side);
        }, TRICK_HOLD_MS - 300);
        return;
      }
      if (trick) shownTrickKey = trick.key;
      render(frame);
      afterRender(frame);
    }
  }

  // --- Rematch --------------------------------------------------------------------------------

  function otherPeople(game) {
    return game.seats.filter(function (entry) {
      return entry.name && !entry.is_computer && entry.seat !== game.your_seat;
    }).map(function (entry) { return entry.seat; });
  }

  function renderRematch(game) {
    var offer = $("rematch-button");
    if (!offer) return;
    var canOffer = game.status === "finished" && isPlayer(game) && game.can_rematch;
    var state = rematch ? rematch.state : null;
    // One offer per game: once made (whatever became of it), the button is gone.
    offer.hidden = !canOffer || state !== null;
    $("rematch-accept").hidden = state !== "received";
    $("rematch-decline").hidden = state !== "received";
    markPrimaryAction();
  }

  /* The end's buttons are one group: the first decision in view is the primary one (accept an
   * offer, offer a rematch, play again), the others secondary, all of one size. */
  function markPrimaryAction() {
    var primary = null;
    ["rematch-accept", "rematch-button", "again-button", "lobby-link"].forEach(function (id) {
      var node = $(id);
      if (!node) return;
      var isShown = !node.hidden && !(node.form && node.form.hidden);
      if (!primary && isShown) primary = node;
      node.classList.remove("is-primary");
    });
    if (primary) primary.classList.add("is-primary");
  }

  function onRematch(frame) {
    rematch = frame;
    var game = current.game;
    var status = $("rematch-status");
    var byMe = frame.by_seat === game.your_seat;
    var isMany = otherPeople(game).length > 1;
    var accepted = frame.accepted_seats || [];
    clearTimeout(rematchTimer);
    if (frame.status === "offered") {
      if (byMe) {
        rematch.state = "offered";
        status.textContent = isMany ? S.rematch.waiting_others : S.rematch.waiting;
      } else if (accepted.indexOf(game.your_seat) !== -1) {
        rematch.state = "accepted_by_me";
        status.textContent = S.rematch.you_accepted;
      } else {
        rematch.state = "received";
        status.textContent = fmt(S.rematch.received, {name: seatName(frame.by_seat, game)});
        openOverlay("match-end");
      }
      // The server refuses an answer after the offer's time; every table says so by then.
      rematchTimer = setTimeout(function () {
        onRematch(Object.assign({}, frame, {status: "expired"}));
      }, (frame.expires_in || 0) * 1000 + 500);
    } else {
      rematch.state = frame.status;
      status.textContent = S.rematch[frame.status] || "";
      if (frame.status === "accepted" && frame.url) window.location.assign(frame.url);
    }
    renderRematch(game);
  }

  /* An offer nobody can answer any more: every other person has left the table. */
  function checkRematchGone() {
    var game = current.game;
    if (!rematch || !presenceBySeat || !isPlayer(game)) return;
    if (["offered", "received", "accepted_by_me"].indexOf(rematch.state) === -1) return;
    var others = otherPeople(game);
    if (!others.length || others.some(function (seat) { return presenceBySeat[seat] && presenceBySeat[seat].connected; })) return;
    clearTimeout(rematchTimer);
    rematch.state = "gone";
    $("rematch-status").textContent = others.length > 1 ? S.rematch.gone_all : S.rematch.gone;
    renderRematch(game);
  }

  // --- Errors and frames ----------------------------------------------------------------------

  function explainRule(code) {
    var view = current.view || {};
    return kit.ruleSentence(code, view, Object.keys(legalCards(view))) || S.errors[code] || "";
  }

  /* A refused decision is said in the turn line, in place of its words, for a few seconds:
   * nothing of the table is covered. */
  var RULE_ERROR_MS = 4000;
  var errorTimer = null;
  function showRuleError(text) {
    $("rule-error-text").textContent = text;
    $("rule-error").hidden = false;
    layout();
    clearTimeout(errorTimer);
    errorTimer = setTimeout(hideRuleError, RULE_ERROR_MS);
  }

  function hideRuleError() {
    if ($("rule-error").hidden) return;
    $("rule-error").hidden = true;
    layout();
  }

  function onFrame(frame) {
    if (window.tableTalk && window.tableTalk.onFrame(frame)) return;
    if (frame.type === "state") {
      if (frame.version < current.version) return;
      if (frame.version > current.version) hideRuleError();
      queue.push(frame);
      pump();
    } else if (frame.type === "presence") {
      presenceBySeat = frame.presence;
      presenceAt = performance.now();
      checkRematchGone();
      renderSeats(current.view, current.game, isHolding);
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
      showRuleError(explainRule(frame.code) || frame.message);
      if (typeof frame.version === "number" && frame.version > current.version) socket.send({type: "snapshot"});
    }
  }

  // --- The replay of a finished game ----------------------------------------------------------

  function toHex(buffer) {
    return Array.prototype.map.call(new Uint8Array(buffer), function (byte) {
      return (byte < 16 ? "0" : "") + byte.toString(16);
    }).join("");
  }

  /* Each deal's deck against the commitment published before it (docs/engine.md, Verifiable
   * deals), computed here: "verified", "mismatch", or "unverifiable" (no commitment). */
  function deckCheck(deal) {
    if (!deal.commitment || !deal.salt || !deal.deck) return Promise.resolve("unverifiable");
    var text = "cartomaniak-deck-v1|" + deal.salt + "|" + deal.deck.join(",");
    return window.crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)).then(function (digest) {
      return toHex(digest) === deal.commitment ? "verified" : "mismatch";
    });
  }

  function showChecks(data, checks, isByServer) {
    checks.forEach(function (check, index) {
      var cell = document.querySelector('#replay-deals-body tr[data-deal="' + index + '"] .deal-check');
      if (!cell) return;
      var sentence = {verified: S.deal_verified, mismatch: S.deal_mismatch, unverifiable: S.deal_unverifiable}[check];
      cell.setAttribute("data-check", check);
      cell.setAttribute("title", sentence + (data.deals[index].commitment ? "\n" + data.deals[index].commitment : ""));
      cell.textContent = "";
      cell.appendChild(el("span", {"aria-hidden": "true"}, check === "verified" ? "✓" : check === "mismatch" ? "✗" : "—"));
      cell.appendChild(el("span", {"class": "visually-hidden"}, sentence));
    });
    var line = $("replay-verified");
    var hasMismatch = checks.indexOf("mismatch") !== -1;
    var allVerified = checks.length > 0 && checks.every(function (check) { return check === "verified"; });
    line.classList.toggle("is-refused", hasMismatch);
    if (isByServer) line.textContent = data.is_verified ? S.checked_by_server : S.checked_by_server_failed;
    else if (hasMismatch) line.textContent = S.mismatch_found;
    else line.textContent = allVerified ? S.verified : S.not_verified;
    root.setAttribute("data-checks", checks.join(" "));
  }

  function verifyDeals(data) {
    var canHash = !!(window.crypto && window.crypto.subtle && window.TextEncoder);
    if (!canHash) {
      // The browser cannot hash (an address that is not secure): the server's own check.
      showChecks(data, data.deals.map(function (deal) {
        if (!deal.commitment) return "unverifiable";
        return data.is_verified ? "verified" : "mismatch";
      }), true);
      return;
    }
    Promise.all(data.deals.map(deckCheck)).then(function (checks) {
      showChecks(data, checks, false);
    });
  }

  function buildDealsTable(data, game) {
    var teams = game.teams.map(function (_seats, team) { return team; });
    var head = $("replay-deals-head");
    teams.forEach(function (team) {
      head.appendChild(el("th", {scope: "col", "data-team": String(team)}, teamLabel(team, game)));
    });
    var body = $("replay-deals-body");
    data.deals.forEach(function (deal, index) {
      var row = el("tr", {"data-deal": String(index)});
      row.appendChild(el("th", {scope: "row"}, String(index + 1)));
      row.appendChild(el("td", {"class": "deal-check", "data-check": "checking"}, S.deal_checking));
      teams.forEach(function (team) {
        var cell = el("td", {"data-team": String(team)}, deal.complete ? signed(dealScores(deal)[team]) + " → " : S.cut_short + " ");
        cell.appendChild(el("span", {"class": "replay-deals__total"}, String(deal.totals[team])));
        row.appendChild(cell);
      });
      body.appendChild(row);
    });
    var foot = $("replay-deals-foot");
    teams.forEach(function (team) {
      foot.appendChild(el("td", {id: "replay-total-" + team, "data-team": String(team)}));
    });
  }

  function describe(step, data, game) {
    var action = step.action;
    if (!action) return fmt(S.replay_start, {n: step.deal_index + 1});
    var type = action.type === "trump" && !action.suit ? "no_trump" : action.type;
    if (QUESTION_TYPES[type]) return questionText(action, game);
    return fmt(S.replay_action[type] || "", {
      name: seatName(action.seat, game),
      suit: action.suit ? kit.suitText(action.suit) : "",
      card: action.card ? kit.cardName(action.card) : "",
      // Manni's exchange: how many cards went back to the Manni.
      n: action.cards ? action.cards.length : "",
    });
  }

  function startReplay() {
    var data = JSON.parse(document.getElementById("replay-data").textContent);
    var base = current.game;
    buildDealsTable(data, base);
    verifyDeals(data);

    function show(step, index, isLast, isTrickEnd) {
      var game = Object.assign({}, base, {completed_trick: step.completed_trick});
      if (isLast && data.winner !== null && data.winner !== undefined) {
        game.status = "finished";
        game.winner_team = data.winner;
        game.end_reason = data.end ? data.end.reason : "points";
        game.forfeit_seat = data.end ? data.end.seat : null;
      }
      var frame = {type: "state", version: index, game: game, view: step.view};
      // The result first: the table is fitted to the window with it.
      $("replay-result").textContent = game.status === "finished"
        ? resultTitle(game) + " — " + reasonText(game, step.view.totals) : "";
      // A card that completes a trick: the trick is shown with its winner, as at the table.
      render(frame, isTrickEnd && step.completed_trick ? step.completed_trick : undefined);
      root.setAttribute("data-holding", "false");
      step.view.totals.forEach(function (total, team) {
        var cell = $("replay-total-" + team);
        if (cell) cell.textContent = String(total);
      });
    }

    window.replayStepper({
      steps: data.steps,
      show: show,
      describe: function (step) { return describe(step, data, base); },
      stepText: function (n, total) { return fmt(S.replay_step, {n: n, total: total}); },
    });
  }

  // --- Controls -------------------------------------------------------------------------------

  L.build(ctx);
  extensions.forEach(function (extension) {
    if (extension.start) extension.start(ctx);
  });
  kit.wireSoundForm($("sound-form"), $("sound-button"));
  // Réglages folds like a menu: Escape or a click elsewhere closes it, the focus back on it.
  var settings = $("table-settings");
  if (settings) {
    settings.addEventListener("keydown", function (event) {
      if (event.key !== "Escape" || !settings.open) return;
      event.stopPropagation();
      settings.open = false;
      settings.querySelector("summary").focus();
    });
    document.addEventListener("click", function (event) {
      if (settings.open && !settings.contains(event.target)) settings.open = false;
    });
  }
  var leaveForm = $("leave-form");
  if (leaveForm) {
    leaveForm.addEventListener("submit", function (event) {
      var isTeam = current.game.teams[teamOf(current.game.your_seat, current.game)].length > 1;
      event.preventDefault();
      // Asked in the page's own dialog (Rester first; Escape stays), not the browser's confirm.
      var dialog = $("leave-dialog");
      $("leave-dialog-text").textContent = isTeam ? S.confirm_leave_team : S.confirm_leave;
      dialog.returnValue = "";
      dialog.showModal();
    });
    $("leave-dialog").addEventListener("close", function () {
      if ($("leave-dialog").returnValue !== "leave") return;
      // Without a connection the form itself leaves (the page reloads with the result).
      if (!socket.send({type: "leave"})) leaveForm.submit();
    });
  }
  $("start-button").addEventListener("click", function () {
    send({type: "start"});
  });
  $("cancel-button").addEventListener("click", function () {
    if (window.confirm(S.confirm_cancel)) send({type: "cancel"});
  });
  Array.prototype.forEach.call(document.querySelectorAll("[data-close]"), function (button) {
    button.addEventListener("click", function () {
      closeOverlay(button.getAttribute("data-close"));
    });
  });
  function showHistory() {
    renderHistory(current.view, current.game);
    openOverlay("history");
  }
  $("history-button").addEventListener("click", function () {
    historyFromEnd = false;
    showHistory();
  });
  $("match-end-history").addEventListener("click", function () {
    historyFromEnd = true;
    showHistory();
  });
  $("result-button").addEventListener("click", function () {
    openOverlay("match-end");
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") {
      // Only what is open now: closing one may open the box it came from.
      OVERLAYS.filter(function (id) { return !$(id).hidden; }).forEach(closeOverlay);
    }
  });
  if ($("rematch-button")) {
    $("rematch-button").addEventListener("click", function () {
      send({type: "rematch_offer"});
    });
    $("rematch-accept").addEventListener("click", function () {
      send({type: "rematch_accept"});
    });
    $("rematch-decline").addEventListener("click", function () {
      send({type: "rematch_decline"});
    });
  }
  window.addEventListener("resize", layout);

  if (isReplay) {
    startReplay();
    return;
  }
  socket = window.liveSocket(root.getAttribute("data-socket-path"), {
    onStatus: function (name) {
      var line = $("live-status");
      line.textContent = name === "open" ? S.connected : name === "reconnecting" ? S.reconnecting : "";
      line.setAttribute("data-status", name);
      // A message about the lost connection is over once it is back.
      if (name === "open" && $("rule-error-text").textContent === S.not_sent) hideRuleError();
      // The line may wrap on a phone: the felt below it takes the room that is left.
      layout();
    },
    onFrame: onFrame,
  });
  if (window.tableTalk) {
    window.tableTalk.start({S: S, kit: kit, root: root, felt: $("felt"), send: send, fmt: fmt, placeOf: placeOf,
      seatName: seatName, game: function () { return current.game; }});
  }
  // A laptop waking up or a tab coming back to the front may have missed frames while the
  // connection looked open: ask for the current state rather than wait for the heartbeat.
  var lastTick = performance.now();
  setInterval(function () {
    var now = performance.now();
    if (now - lastTick > 10000) socket.send({type: "snapshot"});
    lastTick = now;
    tick();
  }, 250);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") socket.send({type: "snapshot"});
  });
  render(current);
  wasMyTurn = isMyTurn(current.view, current.game);
  root.setAttribute("data-deals", String(shownDeals));
  if (current.game.status === "finished" || current.game.status === "cancelled") {
    openOverlay("match-end");
  } else if (isMatchStart(current)) {
    renderDraw(current);
    openOverlay("draw-panel", DRAW_MS);
  }
})();
