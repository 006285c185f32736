/* The waiting room: live presence and open games, create / cancel / join over the websocket.
 * Without a connection the forms post as usual (docs/protocol.md, Waiting room).
 */
(function () {
  "use strict";

  var root = document.getElementById("lobby");
  if (!root) return;
  var strings = JSON.parse(document.getElementById("lobby-strings").textContent);
  var statusLine = document.getElementById("live-status");
  var errorLine = document.getElementById("lobby-error");
  var csrfInput = document.querySelector("#create-form input[name=csrfmiddlewaretoken]");

  function el(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (key) {
      node.setAttribute(key, attributes[key]);
    });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function actionForm(kind, gameId) {
    var template = kind === "join" ? strings.join_url : strings.cancel_url;
    var form = el("form", {
      method: "post",
      action: template.replace("/0/", "/" + gameId + "/"),
      "class": "lobby-action",
      "data-action": kind,
      "data-game-id": String(gameId),
    });
    form.appendChild(el("input", {type: "hidden", name: "csrfmiddlewaretoken", value: csrfInput.value}));
    form.appendChild(el("button", {type: "submit"}, kind === "join" ? strings.join : strings.cancel));
    return form;
  }

  // The room as last received: a whole `lobby` frame, then each `lobby_diff` applied in turn
  // (games/lobby.py, room_apply, is the reference). A gap in versions asks for the whole room.
  var LISTS = {present: ["name", false], open_games: ["id", false], games_in_progress: ["id", true]};
  var room = null;

  function applyChanges(changes) {
    Object.keys(changes).forEach(function (listName) {
      var key = LISTS[listName][0];
      var descending = LISTS[listName][1];
      var change = changes[listName];
      var entries = {};
      room[listName].forEach(function (entry) {
        if (change.remove.indexOf(entry[key]) === -1) entries[entry[key]] = entry;
      });
      change.upsert.forEach(function (entry) {
        entries[entry[key]] = entry;
      });
      var list = Object.keys(entries).map(function (name) { return entries[name]; });
      list.sort(function (a, b) {
        var order = a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0;
        return descending ? -order : order;
      });
      room[listName] = list;
    });
  }

  // games.selectors.lobby_member_state, read from the room and who this page's member is.
  function memberState(frame) {
    var name = frame.you.name;
    var current = null;
    frame.open_games.forEach(function (game) {
      if (game.creator === name) {
        current = Object.assign({}, game, {status: "open", url: strings.table_url.replace("/0/", "/" + game.id + "/")});
      }
    });
    var busy = {};
    frame.games_in_progress.forEach(function (game) {
      var names = game.players.map(function (player) { return player.name; });
      names.forEach(function (playerName) { busy[playerName] = true; });
      if (!current && names.indexOf(name) !== -1) current = Object.assign({}, game, {status: "in_progress"});
    });
    return {current_game: current, busy: busy};
  }

  function render(frame) {
    var state = memberState(frame);
    var body = document.getElementById("open-games-body");
    body.textContent = "";
    frame.open_games.forEach(function (item) {
      var row = el("tr", {"data-game-id": String(item.id)});
      row.appendChild(el("td", {}, item.creator));
      var stars = el("td");
      stars.appendChild(el("span", {"class": "stars"}, item.stars_label));
      row.appendChild(stars);
      row.appendChild(el("td", {}, item.is_ranked ? strings.ranked : strings.free));
      row.appendChild(el("td", {}, item.format_label));
      var cell = el("td");
      cell.appendChild(actionForm(item.creator === frame.you.name ? "cancel" : "join", item.id));
      row.appendChild(cell);
      body.appendChild(row);
    });
    document.getElementById("open-empty").hidden = frame.open_games.length > 0;

    var present = document.getElementById("present-list");
    present.textContent = "";
    frame.present.forEach(function (member) {
      var item = el("li", {}, member.name + " ");
      item.appendChild(el("span", {"class": "stars"}, member.stars_label));
      present.appendChild(item);
    });

    var currentGame = state.current_game;
    var current = document.getElementById("current-game");
    current.hidden = !currentGame;
    if (currentGame) {
      document.getElementById("current-game-link").setAttribute("href", currentGame.url);
    }
    // A competition's game names its competition (games.selectors.lobby_member_state).
    var origin = document.getElementById("current-game-origin");
    origin.hidden = !currentGame || currentGame.origin !== "tournament";
    document.getElementById("current-game-origin-label").textContent =
      (currentGame && currentGame.origin_label) || "";
    var ranked = document.getElementById("create-ranked");
    ranked.disabled = !frame.you.can_play_ranked;
  }

  function showError(frame) {
    errorLine.textContent = strings.errors[frame.code] || frame.message;
    errorLine.hidden = false;
  }

  var socket = window.liveSocket(root.getAttribute("data-socket-path"), {
    onStatus: function (name) {
      statusLine.textContent = name === "open" ? strings.connected : name === "reconnecting" ? strings.reconnecting : "";
      statusLine.setAttribute("data-status", name);
    },
    onFrame: function (frame) {
      if (frame.type === "lobby") {
        room = frame;
        render(room);
      } else if (frame.type === "lobby_diff") {
        if (!room || frame.version !== room.version + 1) {
          socket.send({type: "snapshot"});
          return;
        }
        applyChanges(frame.changes);
        room.version = frame.version;
        render(room);
      } else if (frame.type === "game_started") {
        window.location.assign(frame.url);
      } else if (frame.type === "error") {
        showError(frame);
      }
    },
  });

  document.getElementById("create-form").addEventListener("submit", function (event) {
    var sent = socket.send({
      type: "create",
      format: document.getElementById("create-format").value,
      is_ranked: document.getElementById("create-ranked").checked,
    });
    if (sent) {
      event.preventDefault();
      errorLine.hidden = true;
    }
  });

  root.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.classList || !form.classList.contains("lobby-action")) return;
    var sent = socket.send({
      type: form.getAttribute("data-action"),
      game_id: parseInt(form.getAttribute("data-game-id"), 10),
    });
    if (sent) {
      event.preventDefault();
      errorLine.hidden = true;
    }
  });
})();
