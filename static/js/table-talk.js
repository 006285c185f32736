/* Table talk (docs/table.md, *Table talk*; docs/protocol.md, `phrase`): the preset phrases of
 * a table. A seated member picks one from the *Phrases* panel; the server sends its code to every
 * socket of the table, and each page shows it in its own language (S.talk.phrases) for
 * BUBBLE_MS in a bubble by the speaker's name, and tells screen readers politely.
 *
 * The core (table.js) hands every frame to `onFrame` first (true: it was talk's) and calls
 * `start` once its socket is open. The bubble is placed beside the speaker's name where it
 * covers neither the reader's own cards nor a decision (PROTECTED); the switch *Masquer les
 * phrases des autres* is the member's `is_table_talk_muted`, kept on his account. A muted
 * member still says phrases and sees his own: he only stops hearing the others.
 */
(function () {
  "use strict";

  var BUBBLE_MS = 4000;
  var GAP = 6;
  // What a bubble must never cover: the reader's own cards and every decision he may have; and
  // what it had better not cover when it can help it: the other hands, the trick, the scores.
  var PROTECTED = "#hand-bottom, #seat-bottom .stacks, #announcements, #questions, " +
    "#open-controls, .seat-controls, #rule-error, #turn-line";
  var SPARED = ".seat .hand, .stacks, #scoreboard, #trick-zone, #deal-info";
  var PROTECTED_WEIGHT = 1000;
  // A bubble away from the name (beyond its seat's cards) only when every place by the name
  // would cover more than this many pixels of what is SPARED, or anything PROTECTED.
  var FAR = 20000;
  // A place that covers more of what is PROTECTED than this many pixels (a corner's
  // anti-aliasing) is no place: the phrase goes above the table instead.
  var TOLERATED_PIXELS = 4;
  // The narrowest a bubble beside a name may be (its words on several lines).
  var MIN_SIDE_WIDTH = 64;
  var talkErrors = {unknown_phrase: true, talk_closed: true, talk_too_fast: true};

  var core = null;
  var T = null;
  var isMuted = false;
  var bubbles = {};
  var button = null;
  var panel = null;
  var list = null;
  var note = null;
  var status = null;
  var announcer = null;
  // Where the phrases go while a box covers the table, one under the other.
  var overBox = null;

  function el(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, attributes[name]); });
    if (text) node.textContent = text;
    return node;
  }

  function game() {
    return core.game();
  }

  function hasPartner(game) {
    var seat = game.your_seat;
    return (game.teams || []).some(function (team) {
      return team.indexOf(seat) !== -1 && team.length > 1;
    });
  }

  // --- The panel ------------------------------------------------------------------------------

  function fillPhrases() {
    var current = game();
    var isSeated = typeof current.your_seat === "number";
    list.textContent = "";
    note.hidden = isSeated;
    if (!isSeated) return;
    var withPartner = hasPartner(current);
    Object.keys(T.phrases).forEach(function (code) {
      if (!withPartner && T.partner_phrases.indexOf(code) !== -1) return;
      var item = el("li");
      var phrase = el("button", {type: "button", "class": "talk-phrase", "data-phrase": code}, T.phrases[code]);
      phrase.addEventListener("click", function () {
        status.textContent = "";
        if (core.send({type: "phrase", phrase: code})) closePanel(true);
      });
      item.appendChild(phrase);
      list.appendChild(item);
    });
  }

  function openPanel() {
    fillPhrases();
    status.textContent = "";
    panel.hidden = false;
    button.setAttribute("aria-expanded", "true");
    var first = panel.querySelector("button, input");
    if (first) first.focus();
  }

  function closePanel(giveFocusBack) {
    if (panel.hidden) return;
    panel.hidden = true;
    button.setAttribute("aria-expanded", "false");
    if (giveFocusBack) button.focus();
  }

  function buildPanel() {
    var tools = document.querySelector(".table-tools");
    var token = document.querySelector("#sound-form input[name=csrfmiddlewaretoken]");
    // A member's page only (the switch is kept on his account), never the replay's.
    if (!tools || !token) return false;
    button = el("button", {type: "button", "class": "tool", id: "talk-button", "aria-expanded": "false", "aria-controls": "talk-panel"}, T.open);
    tools.insertBefore(button, tools.firstChild);

    panel = el("section", {"class": "talk-panel", id: "talk-panel", "aria-labelledby": "talk-title"});
    panel.hidden = true;
    panel.appendChild(el("h2", {id: "talk-title"}, T.title));
    list = el("ul", {"class": "talk-phrases"});
    panel.appendChild(list);
    note = el("p", {"class": "talk-note"}, T.watching);
    panel.appendChild(note);
    var form = el("form", {method: "post", action: T.preference_url, "class": "talk-mute"});
    form.appendChild(token.cloneNode());
    var mute = el("input", {type: "checkbox", id: "talk-mute"});
    mute.checked = isMuted;
    form.appendChild(mute);
    form.appendChild(el("label", {"for": "talk-mute"}, T.mute));
    panel.appendChild(form);
    status = el("p", {"class": "talk-status", id: "talk-status", role: "status"});
    panel.appendChild(status);
    core.root.insertBefore(panel, document.querySelector(".table-main"));

    mute.addEventListener("change", function () {
      var wanted = mute.checked;
      core.kit.postSwitch(form, {name: "table_talk_muted", value: wanted ? "1" : "0"}).then(function () {
        setMuted(wanted);
      }).catch(function () {
        mute.checked = isMuted;
      });
    });
    button.addEventListener("click", function () {
      if (panel.hidden) openPanel(); else closePanel(false);
    });
    panel.addEventListener("keydown", function (event) {
      if (event.key !== "Escape") return;
      // The panel only: an end-of-match box open under it stays open.
      event.stopPropagation();
      closePanel(true);
    });
    document.addEventListener("click", function (event) {
      if (!panel.hidden && !panel.contains(event.target) && event.target !== button) closePanel(false);
    });
    return true;
  }

  function setMuted(value) {
    isMuted = value;
    core.root.setAttribute("data-talk-muted", value ? "true" : "false");
    if (!value) return;
    Object.keys(bubbles).forEach(function (seat) {
      if (Number(seat) !== game().your_seat) removeBubble(seat);
    });
  }

  // --- The bubbles ----------------------------------------------------------------------------

  function overlap(a, b) {
    var width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    var height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    return width > 0 && height > 0 ? width * height : 0;
  }

  function rectsOf(selector) {
    return Array.prototype.map.call(document.querySelectorAll(selector), function (node) {
      return node.getBoundingClientRect();
    }).filter(function (rect) { return rect.width > 0 && rect.height > 0; });
  }

  /* Put the bubble beside the name box: right of it, left, above or below, inside the felt;
   * the first place that covers nothing wins, else the one that covers least, anything
   * PROTECTED counting a thousand times more than what is SPARED; beyond the seat's cards
   * when the name has no room around it. False when every place covers something PROTECTED. */
  function place(bubble, card) {
    var felt = core.felt.getBoundingClientRect();
    var box = card.getBoundingClientRect();
    // The bubble's size with at most `room` pixels across (null: its own width).
    function measured(room) {
      bubble.style.maxWidth = room === null ? "" : room + "px";
      return {room: room, width: bubble.offsetWidth, height: bubble.offsetHeight};
    }
    var free = measured(null);
    var clampX = function (x, width) { return Math.max(felt.left + GAP, Math.min(x, felt.right - GAP - width)); };
    var clampY = function (y, height) { return Math.max(felt.top + GAP, Math.min(y, felt.bottom - GAP - height)); };
    var candidates = [];
    // Beside the name, narrower and on more lines if the side is short of room (a phone).
    var rightRoom = Math.floor(felt.right - box.right - 2 * GAP);
    var leftRoom = Math.floor(box.left - felt.left - 2 * GAP);
    if (rightRoom >= MIN_SIDE_WIDTH) {
      var right = measured(Math.min(rightRoom, free.width));
      candidates.push([right, box.right + GAP, clampY(box.top + box.height / 2 - right.height / 2, right.height)]);
    }
    if (leftRoom >= MIN_SIDE_WIDTH) {
      var left = measured(Math.min(leftRoom, free.width));
      candidates.push([left, box.left - GAP - left.width, clampY(box.top + box.height / 2 - left.height / 2, left.height)]);
    }
    var middleX = clampX(box.left + box.width / 2 - free.width / 2, free.width);
    candidates.push([free, middleX, box.top - GAP - free.height]);
    candidates.push([free, middleX, box.bottom + GAP]);
    // Else beyond the seat's cards, on the middle's side (a phone's bottom row is full).
    var seat = (card.closest(".seat") || card).getBoundingClientRect();
    candidates.push([free, middleX, seat.top - GAP - free.height, FAR]);
    candidates.push([free, middleX, seat.bottom + GAP, FAR]);
    var guarded = rectsOf(PROTECTED);
    var spared = rectsOf(SPARED);
    var best = null;
    candidates.forEach(function (candidate) {
      var size = candidate[0];
      var rect = {left: candidate[1], top: candidate[2], right: candidate[1] + size.width, bottom: candidate[2] + size.height};
      var isInside = rect.left >= felt.left && rect.right <= felt.right && rect.top >= felt.top && rect.bottom <= felt.bottom;
      var cost = (isInside ? 0 : 1e9) + (candidate[3] || 0);
      guarded.forEach(function (other) { cost += PROTECTED_WEIGHT * overlap(rect, other); });
      spared.forEach(function (other) { cost += overlap(rect, other); });
      if (best === null || cost < best.cost) best = {cost: cost, rect: rect, room: size.room};
    });
    bubble.style.maxWidth = best.room === null ? "" : best.room + "px";
    bubble.style.left = (best.rect.left - felt.left) + "px";
    bubble.style.top = (best.rect.top - felt.top) + "px";
    return best.cost < PROTECTED_WEIGHT * TOLERATED_PIXELS;
  }

  function removeBubble(seat) {
    var held = bubbles[seat];
    if (!held) return;
    clearTimeout(held.timer);
    held.node.remove();
    delete bubbles[seat];
  }

  function toTop(bubble, said) {
    bubble.removeAttribute("style");
    bubble.textContent = said;
    overBox.appendChild(bubble);
  }

  function showPhrase(frame) {
    var current = game();
    var text = T.phrases[frame.phrase];
    var isOwn = frame.seat === current.your_seat;
    if (!text || (isMuted && !isOwn)) return;
    var name = core.seatName(frame.seat, current);
    announcer.textContent = "";
    announcer.textContent = core.fmt(T.said, {name: name, phrase: text});
    removeBubble(frame.seat);
    var card = document.getElementById("player-" + core.placeOf(frame.seat, current));
    // Read out by the announcer: the bubble itself is for the eyes.
    var bubble = el("p", {"class": "talk-bubble", "data-seat": String(frame.seat), "aria-hidden": "true"}, text);
    // A box over the table (the end of the match, a deal's summary) would hide a bubble by the
    // seat, and a crowded table may have no room by it that leaves the reader's cards and
    // decisions free: then the phrase shows at the top of the window, with its speaker's name.
    var isByName = !!card && !document.querySelector(".overlay:not([hidden])");
    if (isByName) {
      core.felt.appendChild(bubble);
      isByName = place(bubble, card);
    }
    if (!isByName) toTop(bubble, announcer.textContent);
    bubbles[frame.seat] = {
      node: bubble,
      card: isByName ? card : null,
      said: announcer.textContent,
      timer: setTimeout(function () { removeBubble(frame.seat); }, BUBBLE_MS),
    };
  }

  // --- What the core calls --------------------------------------------------------------------

  /* Every frame of the socket comes here first: true when it was talk's (a phrase, or a refused
   * one, said in the panel rather than over the table). */
  function onFrame(frame) {
    if (!core) return false;
    if (frame.type === "phrase") {
      showPhrase(frame);
      return true;
    }
    if (frame.type === "error" && talkErrors[frame.code]) {
      if (!button) return true;
      if (panel.hidden) openPanel();
      // The wait is counted by the server, in the page's language: its message says it.
      status.textContent = frame.code === "talk_too_fast" ? frame.message : core.S.errors[frame.code];
      return true;
    }
    return false;
  }

  /* `options`: S, root, felt, send(message) -> bool, game() -> the frame's game, placeOf(seat,
   * game), seatName(seat, game), fmt(template, values). */
  function start(options) {
    core = options;
    T = core.S.talk;
    announcer = el("p", {"class": "visually-hidden", id: "talk-announcer", "aria-live": "polite"});
    core.root.appendChild(announcer);
    overBox = el("div", {"class": "talk-over-box", id: "talk-over-box"});
    core.root.appendChild(overBox);
    isMuted = !!T.muted;
    core.root.setAttribute("data-talk-muted", isMuted ? "true" : "false");
    buildPanel();
    // The table lays itself out again on a resize: the bubbles follow their names.
    window.addEventListener("resize", function () {
      Object.keys(bubbles).forEach(function (seat) {
        var held = bubbles[seat];
        if (held.card && !place(held.node, held.card)) {
          held.card = null;
          toTop(held.node, held.said);
        }
      });
    });
  }

  window.tableTalk = {start: start, onFrame: onFrame};
})();
