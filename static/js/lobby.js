/* The waiting room: live presence, open games and games to watch; play now, create, cancel,
 * join over the websocket. Without a connection the forms post as usual (docs/protocol.md,
 * Waiting room). The room arrives whole once, then as changes (games/lobby.py).
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

  function urlFor(template, id) {
    return template.replace("/0/", "/" + id + "/");
  }

  function postForm(kind, id, label, buttonClass) {
    var form = el("form", {
      method: "post",
      action: urlFor(strings[kind + "_url"], id),
      "class": "lobby-action",
      "data-action": kind,
      "data-game-id": String(id),
    });
    form.appendChild(el("input", {type: "hidden", name: "csrfmiddlewaretoken", value: csrfInput.value}));
    form.appendChild(el("button", {type: "submit", "class": buttonClass}, label));
    return form;
  }

  function kindLabel(game) {
    return game.is_ranked ? strings.ranked : strings.free;
  }

  // The room as last received: a whole `lobby` frame, then each `lobby_diff` applied in turn
  // (games/lobby.py, room_apply, is the reference). A gap in versions asks for the whole room.
  var LISTS = {
    present: ["name", false],
    open_games: ["id", false],
    games_in_progress: ["id", true],
    open_tables: ["id", false]
  };
  var room = null;

  function applyChanges(changes) {
    Object.keys(changes).forEach(function (listName) {
      var key = LISTS[listName][0];
      var descending = LISTS[listName][1];
      var change = changes[listName];
      var entries = {};
      (room[listName] || []).forEach(function (entry) {
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

  // games.lobby.selectors.lobby_member_state, read from the room and who this page's member is.
  function memberState(frame) {
    var name = frame.you.name;
    var current = null;
    frame.open_games.forEach(function (game) {
      if (game.creator === name) {
        current = Object.assign({}, game, {status: "open", url: urlFor(strings.table_url, game.id)});
      }
    });
    var busy = {};
    frame.games_in_progress.forEach(function (game) {
      var names = game.players.filter(function (player) { return !player.computer_level; })
        .map(function (player) { return player.name; });
      names.forEach(function (playerName) { busy[playerName] = true; });
      if (!current && names.indexOf(name) !== -1) current = Object.assign({}, game, {status: "in_progress"});
    });
    // A member seated at a table its host sets up is busy too (not the computers);
    // `current_table` is his own.
    var currentTable = null;
    (frame.open_tables || []).forEach(function (table) {
      table.seats.forEach(function (seat) {
        if (!seat.name || seat.is_computer) return;
        busy[seat.name] = true;
        if (seat.name === name) currentTable = Object.assign({}, table, {status: "open"});
      });
    });
    return {current_game: current, current_table: currentTable, busy: busy};
  }

  // The room's frame is one for every language and names members by their usernames: a guest's
  // generated one (invite-482913, reserved at sign-up) is shown as the site names him.
  function personName(name) {
    var guest = /^invite-(\d+)$/.exec(name || "");
    return guest ? strings.guest_name.replace("%(number)s", guest[1]) : name;
  }

  function who(name, starsLabel) {
    var span = el("span", {"class": "lobby-list__who"}, personName(name) + " ");
    span.appendChild(el("span", {"class": "stars"}, starsLabel));
    return span;
  }

  function renderOpenGames(frame) {
    var list = document.getElementById("open-games-body");
    list.textContent = "";
    frame.open_games.forEach(function (game) {
      var item = el("li", {"class": "lobby-list__item", "data-game-id": String(game.id)});
      item.appendChild(who(game.creator, game.stars_label));
      item.appendChild(el("span", {"class": "lobby-list__what"}, game.format_label + " · " + kindLabel(game)));
      if (game.creator === frame.you.name) {
        item.appendChild(postForm("cancel", game.id, strings.cancel, "button button--secondary button--compact"));
      } else {
        item.appendChild(postForm("join", game.id, strings.join, "button button--compact"));
      }
      list.appendChild(item);
    });
    document.getElementById("open-empty").hidden = frame.open_games.length > 0;
  }

  function renderWatchList(frame) {
    var list = document.getElementById("watch-list");
    list.textContent = "";
    frame.games_in_progress.forEach(function (game) {
      var item = el("li", {"class": "lobby-list__item", "data-game-id": String(game.id)});
      var players = el("span", {"class": "lobby-list__who"});
      // Partners together, team after team ("a, c contre b, d"); each for himself: "a contre b".
      var byTeam = game.players.slice().sort(function (a, b) { return a.team - b.team; });
      byTeam.forEach(function (player, index) {
        if (index > 0) {
          if (player.team !== byTeam[index - 1].team) {
            players.appendChild(el("span", {"class": "lobby-list__versus"}, " " + strings.versus + " "));
          } else {
            players.appendChild(document.createTextNode(", "));
          }
        }
        var name = player.computer_level ? strings.computer_names[player.computer_level] : personName(player.name);
        players.appendChild(document.createTextNode(name));
        if (player.stars_label) {
          players.appendChild(document.createTextNode(" "));
          players.appendChild(el("span", {"class": "stars"}, player.stars_label));
        }
      });
      item.appendChild(players);
      var what = game.origin === "tournament" ? game.origin_label
        : (game.players.length > 2 ? game.variant_label + " · " : "") + game.format_label + " · " + kindLabel(game);
      item.appendChild(el("span", {"class": "lobby-list__what"}, what));
      item.appendChild(el("a", {"class": "button button--secondary button--compact", href: game.url}, strings.watch));
      list.appendChild(item);
    });
    document.getElementById("watch-empty").hidden = frame.games_in_progress.length > 0;
  }

  function renderPresent(frame, state) {
    var list = document.getElementById("present-list");
    list.textContent = "";
    frame.present.forEach(function (member) {
      var item = el("li", {"data-name": member.name});
      var name = el("span", {"class": "present__name"}, member.name + " ");
      name.appendChild(el("span", {"class": "stars"}, member.stars_label));
      item.appendChild(name);
      if (state.busy[member.name]) {
        item.appendChild(document.createTextNode(" "));
        item.appendChild(el("span", {"class": "badge"}, strings.busy));
      } else if (member.name !== frame.you.name && window.lobbyPresentExtra) {
        window.lobbyPresentExtra(item, member, state);
      }
      list.appendChild(item);
    });
    document.getElementById("present-count").textContent = String(frame.present.length);
  }

  function renderCurrent(frame, state) {
    var currentGame = state.current_game;
    var isWaiting = !!currentGame && currentGame.status === "open";
    var current = document.getElementById("current-game");
    current.hidden = !currentGame || isWaiting;
    if (currentGame && !isWaiting) {
      document.getElementById("current-game-link").setAttribute("href", currentGame.url);
    }
    // A competition's game names its competition.
    var origin = document.getElementById("current-game-origin");
    origin.hidden = !currentGame || currentGame.origin !== "tournament";
    document.getElementById("current-game-origin-label").textContent =
      (currentGame && currentGame.origin_label) || "";

    var waiting = document.getElementById("waiting");
    waiting.hidden = !isWaiting;
    if (isWaiting) {
      document.getElementById("waiting-detail").textContent = strings.waiting_game
        .replace("%(id)s", currentGame.id)
        .replace("%(format)s", currentGame.format_label)
        .replace("%(kind)s", kindLabel(currentGame));
      var cancel = document.getElementById("waiting-cancel");
      cancel.setAttribute("action", urlFor(strings.cancel_url, currentGame.id));
      cancel.setAttribute("data-game-id", String(currentGame.id));
    }
    document.getElementById("create-section").hidden = !!currentGame;
    var computerBlock = document.getElementById("computer-game");
    if (computerBlock) computerBlock.hidden = !!currentGame;
    document.getElementById("create-ranked").disabled = !frame.you.can_play_ranked;
  }

  function render(frame) {
    var state = memberState(frame);
    renderCurrent(frame, state);
    renderOpenGames(frame);
    renderWatchList(frame);
    renderPresent(frame, state);
    renderHandlers.forEach(function (handler) { handler(frame, state); });
  }

  function showError(frame) {
    errorLine.textContent = strings.errors[frame.code] || frame.message;
    errorLine.hidden = false;
  }

  var frameHandlers = {};
  var renderHandlers = [];
  var youHandlers = [];

  var socket = window.liveSocket(root.getAttribute("data-socket-path"), {
    onStatus: function (name) {
      statusLine.textContent = name === "open" ? strings.connected : name === "reconnecting" ? strings.reconnecting : "";
      statusLine.setAttribute("data-status", name);
    },
    onFrame: function (frame) {
      if (frame.type === "lobby") {
        room = frame;
        youHandlers.forEach(function (handler) { handler(frame.you); });
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
      } else if (frameHandlers[frame.type]) {
        frameHandlers[frame.type](frame);
      }
    },
  });

  // For the other parts of the room (challenges): send over the socket, hear its frames.
  window.lobbyRoom = {
    socket: socket,
    strings: strings,
    el: el,
    personName: personName,
    onFrame: function (type, handler) { frameHandlers[type] = handler; },
    onYou: function (handler) { youHandlers.push(handler); },
    // Other blocks of the room (the tables for four) draw themselves after each change.
    onRender: function (handler) { renderHandlers.push(handler); },
    render: function () { if (room) render(room); },
    showError: showError,
  };

  document.getElementById("create-form").addEventListener("submit", function (event) {
    var button = event.submitter || document.getElementById("create-button");
    var ranked = document.getElementById("create-ranked");
    var sent = socket.send({
      type: button.getAttribute("data-action") === "play_now" ? "play_now" : "create",
      format: document.getElementById("create-format").value,
      is_ranked: ranked.checked && !ranked.disabled,
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
