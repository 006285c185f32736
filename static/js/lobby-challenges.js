/* Direct challenges in the waiting room (docs/protocol.md, Challenges): a "Défier" button beside
 * each member present and free, the challenges sent and received with their countdown, and what
 * became of them. Only this member's sockets hear of his challenges.
 */
(function () {
  "use strict";

  var lobby = window.lobbyRoom;
  if (!lobby) return;
  var strings = lobby.strings;
  var el = lobby.el;
  var section = document.getElementById("challenges");
  var list = document.getElementById("challenge-list");
  var news = document.getElementById("challenge-news");
  var challenges = {};  // id -> {challenge, until (monotonic ms)}
  var myName = null;

  function fill(template, values) {
    return Object.keys(values).reduce(function (text, key) {
      return text.split("%(" + key + ")s").join(values[key]);
    }, template);
  }

  function keep(challenge) {
    if (challenge.status === "pending") {
      challenges[challenge.id] = {challenge: challenge, until: performance.now() + challenge.expires_in * 1000};
    } else {
      delete challenges[challenge.id];
    }
  }

  function answerButton(type, id, label, buttonClass) {
    var button = el("button", {type: "button", "class": "button button--compact " + buttonClass}, label);
    button.addEventListener("click", function () {
      lobby.socket.send({type: type, challenge_id: id});
    });
    return button;
  }

  function render() {
    list.textContent = "";
    var ids = Object.keys(challenges);
    ids.forEach(function (id) {
      var challenge = challenges[id].challenge;
      var left = Math.max(0, Math.ceil((challenges[id].until - performance.now()) / 1000));
      var isReceived = challenge.to === myName;
      var item = el("li", {"class": "lobby-list__item", "data-challenge-id": String(challenge.id)});
      item.appendChild(el("span", {"class": "lobby-list__who"}, fill(
        isReceived ? strings.challenge_received : strings.challenge_sent,
        {name: isReceived ? challenge.from : challenge.to, format: challenge.format_label}
      )));
      item.appendChild(el("span", {"class": "lobby-list__what challenge-countdown"}, fill(strings.seconds_left, {n: left})));
      if (isReceived) {
        item.appendChild(answerButton("challenge_accept", challenge.id, strings.challenge_accept, ""));
        item.appendChild(answerButton("challenge_decline", challenge.id, strings.challenge_decline, "button--secondary"));
      } else {
        item.appendChild(answerButton("challenge_cancel", challenge.id, strings.challenge_cancel, "button--secondary"));
      }
      list.appendChild(item);
    });
    section.hidden = ids.length === 0;
  }

  function hasSent() {
    return Object.keys(challenges).some(function (id) { return challenges[id].challenge.from === myName; });
  }

  // A "Défier" button beside each member present who is free (lobby.js calls this per member).
  window.lobbyPresentExtra = function (item, member, state) {
    if (state.current_game || hasSent()) return;
    var button = el("button", {type: "button", "class": "button button--secondary button--compact", "data-challenge": member.name}, strings.challenge);
    button.addEventListener("click", function () {
      lobby.socket.send({type: "challenge", name: member.name, format: document.getElementById("create-format").value});
    });
    item.appendChild(button);
  };

  lobby.onFrame("challenge", function (frame) {
    var challenge = frame.challenge;
    keep(challenge);
    var template = strings.challenge_news[challenge.status];
    if (template) {
      var other = challenge.from === myName ? challenge.to : challenge.from;
      news.textContent = fill(template, {name: other, from: challenge.from, to: challenge.to});
      news.hidden = false;
    } else if (challenge.status === "pending") {
      news.hidden = true;
    }
    render();
    lobby.render();
  });
  lobby.onYou(function (you) {
    myName = you.name;
    challenges = {};
    you.challenges.forEach(keep);
    render();
  });

  setInterval(function () {
    if (Object.keys(challenges).length) render();
  }, 1000);
})();
