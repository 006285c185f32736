/* The table's small tools (the core, table.js, and its layout scripts use them): sentences with
 * %(name)s fields and plural forms, card faces and backs with their readable corner index, the
 * tones, the tab's favicon on one's turn and the account's sound switch.
 *
 * window.tableKit(S, {cardsUrl}) returns those functions bound to the page's strings S.
 */
(function () {
  "use strict";

  var SYMBOLS = {S: "♠", H: "♥", D: "♦", C: "♣"};
  var DRAWN_RANKS = "789TJQKA";
  var RANK_LABELS = {T: "10"};

  function tableKit(S, options) {
    var cardsUrl = options.cardsUrl;
    var hasCardImages = S.card_images === true;
    var isMuted = S.muted === true;

    function fmt(template, values) {
      return String(template).replace(/%\((\w+)\)s/g, function (match, key) {
        return values[key] === undefined || values[key] === null ? "" : String(values[key]);
      });
    }

    function plural(forms, n) {
      // forms: {one, other} from the server's ngettext; French counts 0 and 1 as singular.
      var isOne = S.zero_is_singular ? n <= 1 : n === 1;
      return fmt(isOne ? forms.one : forms.other, {n: n});
    }

    function el(tag, attributes, text) {
      var node = document.createElement(tag);
      Object.keys(attributes || {}).forEach(function (key) {
        node.setAttribute(key, attributes[key]);
      });
      if (text !== undefined) node.textContent = text;
      return node;
    }

    function rankLabel(card) {
      return (S.rank_letters && S.rank_letters[card[0]]) || RANK_LABELS[card[0]] || card[0];
    }

    function cardLabel(card) {
      return rankLabel(card) + SYMBOLS[card[1]];
    }

    function cardName(card) {
      return fmt(S.card_name, {rank: S.rank_names[card[0]] || card[0], suit: S.suit_names[card[1]]});
    }

    function joinCards(cards) {
      var labels = cards.map(cardLabel);
      if (labels.length <= 1) return labels.join("");
      return labels.slice(0, -1).join(", ") + " " + S.or + " " + labels[labels.length - 1];
    }

    function suitText(suit) {
      return SYMBOLS[suit] + " " + S.suit_names[suit];
    }

    function fillFace(node, card) {
      node.classList.add("card", "suit-" + card[1]);
      node.setAttribute("data-card", card);
      // The drawn faces are the 32 Manille cards; Manni's 2 to 6 are a large pip and the corners.
      if (hasCardImages && DRAWN_RANKS.indexOf(card[0]) >= 0) {
        node.classList.add("has-image");
        node.appendChild(el("img", {src: cardsUrl + card + ".svg", alt: "", draggable: "false"}));
      } else {
        node.appendChild(el("span", {"class": "pip", "aria-hidden": "true"}, SYMBOLS[card[1]]));
      }
      // Our own corner index, larger than the face's: readable on a phone and in a fanned hand.
      var corner = el("span", {"class": "corner", "aria-hidden": "true"});
      corner.appendChild(el("span", {"class": "corner-rank"}, rankLabel(card)));
      corner.appendChild(el("span", {"class": "corner-suit"}, SYMBOLS[card[1]]));
      node.appendChild(corner);
      node.appendChild(el("span", {"class": "visually-hidden"}, cardName(card)));
      return node;
    }

    function faceNode(card) {
      return fillFace(el("span", {"role": "img", "aria-label": cardName(card)}), card);
    }

    function backNode() {
      var node = el("span", {"class": "card card-back", "aria-hidden": "true"});
      if (hasCardImages) node.appendChild(el("img", {src: cardsUrl + "back.svg", alt: "", draggable: "false"}));
      return node;
    }

    var audio = null;
    function sound(kind) {
      if (isMuted || !window.AudioContext) return;
      try {
        audio = audio || new window.AudioContext();
        var tones = {card: [[520, 0.05]], turn: [[660, 0.09], [880, 0.12]], short: [[440, 0.15], [440, 0.15]]}[kind];
        var at = audio.currentTime;
        tones.forEach(function (tone) {
          var osc = audio.createOscillator();
          var gain = audio.createGain();
          osc.frequency.value = tone[0];
          gain.gain.setValueAtTime(0.08, at);
          gain.gain.exponentialRampToValueAtTime(0.001, at + tone[1]);
          osc.connect(gain).connect(audio.destination);
          osc.start(at);
          osc.stop(at + tone[1]);
          at += tone[1] + 0.03;
        });
      } catch (error) {
        // A browser that refuses sound before a click: the table works the same without it.
      }
    }

    var faviconLink = null;
    function setFavicon(mine) {
      if (!faviconLink) {
        faviconLink = document.querySelector("link[rel='icon']") || el("link", {rel: "icon"});
        document.head.appendChild(faviconLink);
      }
      var color = mine ? "%23f2c14e" : "%230f5132";
      var mark = mine ? "%21" : "%E2%99%A0";
      faviconLink.setAttribute("href", "data:image/svg+xml," +
        "%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='6' fill='" + color +
        "'/%3E%3Ctext x='16' y='24' font-size='22' text-anchor='middle' font-family='sans-serif' fill='" + (mine ? "%231d2421" : "%23ffffff") + "'%3E" + mark + "%3C/text%3E%3C/svg%3E");
    }

    /* Post one of the table's switch forms in the background with `values` set (the account's
     * preferences: sounds, the lone card, table talk): resolves when the server kept it. */
    function postSwitch(form, values) {
      var body = new FormData(form);
      Object.keys(values).forEach(function (name) { body.set(name, values[name]); });
      return fetch(form.action, {method: "POST", body: body, credentials: "same-origin"}).then(function (response) {
        if (!response.ok) throw new Error("switch refused: " + response.status);
      });
    }

    /* Switch the sounds without leaving the table: the same form, posted in the background. */
    function wireSoundForm(form, button) {
      if (!form) return;
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        var wanted = !isMuted;
        postSwitch(form, {muted: wanted ? "1" : "0"}).then(function () {
          isMuted = wanted;
          button.textContent = isMuted ? S.sound_off : S.sound_on;
          button.setAttribute("aria-pressed", isMuted ? "false" : "true");
        }).catch(function () {});
      });
    }

    /* A card of the player's hand as a button that plays it (`play(card)`). Not disabled while
     * it is his turn, even when the rules refuse it: a click asks the server, which explains the
     * rule. */
    function cardButton(card, isLegal, isMyTurn, play) {
      var button = fillFace(el("button", {type: "button"}), card);
      if (isLegal && isMyTurn) {
        button.classList.add("is-legal");
      } else {
        button.setAttribute("aria-disabled", "true");
        if (!isMyTurn) button.disabled = true;
      }
      button.addEventListener("click", function () {
        play(card);
      });
      return button;
    }

    /* The sentence of a refused card (S.rules[code]): the suit to follow, beat or trump with, and
     * the cards allowed (`legalCards`); "" for a code that is no card rule. */
    function ruleSentence(code, view, legalCards) {
      var template = S.rules[code];
      if (!template) return "";
      var led = view.trick && view.trick.length ? view.trick[0].card[1] : null;
      var suit = code === "must_trump" ? (view.trump ? suitText(view.trump) : "") : led ? S.suit_to[led] : "";
      return fmt(template, {suit: suit, cards: joinCards(legalCards)});
    }

    /* Seconds left as the clock shows them: 2:05. */
    function clockText(seconds) {
      var minutes = Math.floor(seconds / 60);
      var rest = seconds % 60;
      return minutes + ":" + (rest < 10 ? "0" : "") + rest;
    }

    return {
      SYMBOLS: SYMBOLS,
      postSwitch: postSwitch,
      cardButton: cardButton,
      ruleSentence: ruleSentence,
      clockText: clockText,
      fmt: fmt,
      plural: plural,
      el: el,
      rankLabel: rankLabel,
      cardLabel: cardLabel,
      cardName: cardName,
      joinCards: joinCards,
      suitText: suitText,
      SYMBOLS: SYMBOLS,
      fillFace: fillFace,
      faceNode: faceNode,
      backNode: backNode,
      sound: sound,
      setFavicon: setFavicon,
      wireSoundForm: wireSoundForm,
    };
  }

  window.tableKit = tableKit;
})();
