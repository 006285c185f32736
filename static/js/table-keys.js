/* The table from the keyboard, and a lone legal card played by itself (docs/table.md,
 * *Keyboard*). An extension of the core (table.js), which starts it with its context and tells
 * it of every frame drawn:
 *
 * - on the player's turn the focus goes to his first legal card (or his first decision), unless
 *   a box is open over the table or he is typing in a field;
 * - 1 to 9 and 0 (the tenth) take the focus to that legal card (its number is shown on it
 *   while the keyboard is used), Left and Right move among the legal cards, round the ends,
 *   Enter or Space plays the focused one: with the focus on the first legal card at the turn's
 *   start, any of up to 12 legal cards (a hand of eight and four table stacks) is two keys away
 *   (the 11th and 12th: Left twice, Left once);
 * - each announcement button has a letter of its own (S.access_keys, shown in a <kbd>): one key;
 * - with the member's switch on (S.plays_lone_card), a turn with a single legal card plays it
 *   once the frame is drawn for good (after the trick's pause), once per version.
 */
(function () {
  "use strict";

  var LEGAL_CARDS = "#felt button.card.is-legal";
  var DECISIONS = "#announcements button";
  // Long enough to see the card leave the hand, short enough not to wait for it.
  var LONE_CARD_PAUSE_MS = 400;
  var ctx = null;
  var S = null;
  var focusedVersion = null;
  var playsLoneCard = false;
  var lonePlayedVersion = null;

  function toArray(list) {
    return Array.prototype.slice.call(list);
  }

  function legalButtons() {
    return toArray(document.querySelectorAll(LEGAL_CARDS));
  }

  function decisionButtons() {
    return toArray(document.querySelectorAll(DECISIONS)).filter(function (button) { return !button.disabled; });
  }

  function isTyping(node) {
    if (!node || node === document.body) return false;
    return node.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].indexOf(node.tagName) !== -1;
  }

  function isBoxOpen() {
    return !!document.querySelector(".overlay:not([hidden]), dialog[open], [role=dialog]:not([hidden])");
  }

  function isHolding() {
    return ctx.root.getAttribute("data-holding") === "true";
  }

  /* A letter without its accent, lower case: "É" is "e". */
  function plainLetter(character) {
    return character.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  /* The key drawn on a button: by the stylesheet from `data-label`, so that the button's text
   * stays its label alone. */
  function kbd(text, className) {
    return ctx.el("kbd", {"class": className, "aria-hidden": "true", "data-label": text});
  }

  /* Give each decision button its letter: the language's own for its action, else the first
   * free letter of its label; shown on the button and declared for assistive technology. */
  function markDecisions() {
    var used = {};
    decisionButtons().forEach(function (button) {
      var action = button.getAttribute("data-action");
      var name = action === "trump" ? "trump_" + (button.getAttribute("data-suit") || "none") : action;
      var key = (S.access_keys && S.access_keys[name] || "").toLowerCase();
      if (!key || used[key]) {
        key = "";
        var letters = plainLetter(button.textContent).replace(/[^a-z]/g, "");
        for (var index = 0; index < letters.length && !key; index += 1) {
          if (!used[letters[index]]) key = letters[index];
        }
      }
      if (!key) return;
      used[key] = true;
      button.setAttribute("data-key", key);
      button.setAttribute("aria-keyshortcuts", key);
      button.appendChild(kbd(key.toUpperCase(), "access-key"));
    });
  }

  /* Number the legal cards 1 to 9, then 0, in the order they lie. */
  function markCards() {
    legalButtons().slice(0, 10).forEach(function (button, index) {
      var number = String((index + 1) % 10);
      button.setAttribute("aria-keyshortcuts", number);
      button.setAttribute("data-key", number);
      button.appendChild(kbd(number, "card-key"));
    });
  }

  function isFocusLost() {
    var active = document.activeElement;
    return !active || active === document.body || !!active.closest("[hidden]");
  }

  /* The player's turn: his hand (or his decision) gets the focus, once per version, or again
   * when it was lost (a box closed with its button, which is gone). */
  function focusTurn() {
    var frame = ctx.current();
    if (isHolding() || !ctx.isMyTurn(frame.view, frame.game)) return;
    if (focusedVersion === frame.version && !isFocusLost()) return;
    if (isBoxOpen() || isTyping(document.activeElement)) return;
    var cards = legalButtons();
    var decisions = decisionButtons();
    var target = frame.view.phase === "play" && cards.length ? cards[0] : decisions[0] || cards[0];
    if (!target) return;
    focusedVersion = frame.version;
    target.focus({preventScroll: true});
  }

  function onKey(event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (isTyping(event.target) || isBoxOpen()) return;
    var key = event.key;
    if (key === "Tab" || key === "ArrowLeft" || key === "ArrowRight" || /^[0-9]$/.test(key)) {
      ctx.root.classList.add("is-keyboard");
    }
    if (/^[0-9]$/.test(key)) {
      var card = legalButtons()[(Number(key) + 9) % 10];
      if (!card) return;
      event.preventDefault();
      card.focus();
      return;
    }
    if (key === "ArrowLeft" || key === "ArrowRight") {
      var cards = legalButtons();
      if (!cards.length) return;
      var at = cards.indexOf(document.activeElement);
      var step = key === "ArrowRight" ? 1 : -1;
      event.preventDefault();
      // From outside the cards, Right goes to the first and Left to the last.
      var next = at === -1 ? (step === 1 ? 0 : cards.length - 1) : (at + step + cards.length) % cards.length;
      cards[next].focus();
      return;
    }
    if (key.length !== 1) return;
    var letter = plainLetter(key);
    var button = decisionButtons().filter(function (candidate) {
      return candidate.getAttribute("data-key") === letter;
    })[0];
    if (!button) return;
    event.preventDefault();
    ctx.root.classList.add("is-keyboard");
    button.click();
  }

  /* A single legal card, the switch on: played once the frame is drawn for good. */
  function playLoneCard(frame) {
    var view = frame.view;
    if (!playsLoneCard || !ctx.isMyTurn(view, frame.game) || lonePlayedVersion === frame.version) return;
    var actions = view.legal_actions || [];
    var plays = actions.filter(function (action) { return action.type === "play"; });
    // A decision besides the card (an announcement) is the player's to take.
    if (plays.length !== 1 || plays.length !== actions.length) return;
    lonePlayedVersion = frame.version;
    setTimeout(function () {
      var now = ctx.current();
      if (now.version !== frame.version || isHolding()) return;
      ctx.play(plays[0].card);
    }, LONE_CARD_PAUSE_MS);
  }

  /* The switch in the table's tools: the account's preference, posted in the background. */
  function wireLoneCardForm() {
    var form = document.getElementById("lone-card-form");
    if (!form) return;
    var button = document.getElementById("lone-card-button");
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var wanted = !playsLoneCard;
      ctx.kit.postSwitch(form, {value: wanted ? "1" : "0"}).then(function () {
        playsLoneCard = wanted;
        button.textContent = wanted ? S.lone_card_on : S.lone_card_off;
        button.setAttribute("aria-pressed", wanted ? "true" : "false");
        playLoneCard(ctx.current());
      }).catch(function () {});
    });
  }

  (window.tableExtensions = window.tableExtensions || []).push({
    start: function (context) {
      ctx = context;
      S = context.S;
      if (ctx.isReplay) return;
      playsLoneCard = S.plays_lone_card === true;
      document.addEventListener("keydown", onKey);
      // A pointer back in use: the cards' numbers make way.
      document.addEventListener("pointerdown", function () {
        ctx.root.classList.remove("is-keyboard");
      });
      wireLoneCardForm();
      // A box closed over the player's turn (a deal's summary): the focus goes to his hand then.
      var observer = new MutationObserver(function () {
        if (!isBoxOpen()) focusTurn();
      });
      toArray(document.querySelectorAll(".overlay")).forEach(function (box) {
        observer.observe(box, {attributes: true, attributeFilter: ["hidden"]});
      });
    },
    rendered: function (frame, isHold) {
      if (ctx.isReplay) return;
      markDecisions();
      markCards();
      if (isHold) return;
      focusTurn();
      playLoneCard(frame);
    },
  });
})();
