/* The waiting room's tables for four (games/lobby_tables.html): the form shows the formats
 * and options of the chosen game only; the open tables and the running ones (in the games to
 * watch) follow the room's `open_tables` (docs/table.md); the games in progress are lobby.js's. */
(function () {
  "use strict";

  var room = window.lobbyRoom;
  var block = document.getElementById("four-tables");
  if (!room || !block) return;
  var strings = room.strings;
  var own = JSON.parse(document.getElementById("lobby-tables-strings").textContent);
  var el = room.el;
  var form = document.getElementById("table-form");
  var formatSelect = document.getElementById("table-format");

  // --- The form: one game's formats and options at a time -----------------------------------

  function chosenVariant() {
    var checked = form.querySelector("input[name=variant]:checked");
    return checked ? checked : null;
  }

  function showVariant() {
    var choice = chosenVariant();
    if (!choice) return;
    var variant = choice.value;
    Array.prototype.forEach.call(formatSelect.querySelectorAll("optgroup"), function (group) {
      var isShown = group.getAttribute("data-variant") === variant;
      group.hidden = !isShown;
      group.disabled = !isShown;
    });
    var selected = formatSelect.selectedOptions[0];
    if (!selected || selected.getAttribute("data-variant") !== variant) {
      // Two games may share a format's name (muette and parlée: first-to-34): the option is
      // the one of this game's group, never the same value in another, disabled, group.
      Array.prototype.forEach.call(formatSelect.options, function (option) {
        if (option.getAttribute("data-variant") === variant && option.value === choice.getAttribute("data-default-format")) {
          option.selected = true;
        }
      });
    }
    Array.prototype.forEach.call(form.querySelectorAll(".lobby-tables__options"), function (fieldset) {
      var isShown = fieldset.getAttribute("data-variant") === variant;
      fieldset.hidden = !isShown;
      fieldset.disabled = !isShown;
    });
  }

  Array.prototype.forEach.call(form.querySelectorAll("input[name=variant]"), function (input) {
    input.addEventListener("change", showVariant);
  });
  showVariant();

  // --- The room's tables --------------------------------------------------------------------

  function playerName(player) {
    return player.computer_level ? strings.computer_names[player.computer_level] : room.personName(player.name);
  }

  function renderOpenTables(frame, state) {
    var list = document.getElementById("open-tables");
    list.textContent = "";
    var tables = frame.open_tables || [];
    tables.forEach(function (table) {
      var item = el("li", {"class": "lobby-list__item", "data-table-id": String(table.id)});
      item.appendChild(el("span", {"class": "lobby-list__who"}, table.variant_label + " · " + table.format_label));
      var seats = el("span", {"class": "lobby-list__what lobby-tables__seats"});
      table.seats.forEach(function (seat, index) {
        if (index > 0) seats.appendChild(document.createTextNode(", "));
        if (seat.name) seats.appendChild(document.createTextNode(playerName(seat)));
        else seats.appendChild(el("em", {}, own.free_seat));
      });
      item.appendChild(seats);
      var isMine = !!state.current_table && state.current_table.id === table.id;
      var hasFreeSeat = table.seats.some(function (seat) { return !seat.name; });
      var label = isMine ? own.see : (hasFreeSeat ? own.sit : own.watch);
      item.appendChild(el("a", {"class": "button button--compact", href: table.url}, label));
      list.appendChild(item);
    });
    document.getElementById("open-tables-empty").hidden = tables.length > 0;
  }

  /* The member's own table, open or running (lobby.js reads it from the room): a link to it,
   * and no second one to open. */
  function renderMine(state) {
    var mine = state.current_table;
    document.getElementById("my-table").hidden = !mine;
    if (mine) document.getElementById("my-table-link").setAttribute("href", mine.url);
    form.hidden = !!mine || !!state.current_game;
  }

  room.onRender(function (frame, state) {
    renderOpenTables(frame, state);
    renderMine(state);
  });
})();
