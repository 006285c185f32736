/* A competition's page: when its socket says that something changed (a game ended, a round
 * began), fetch the changing parts again and put them in place (docs/tournaments.md, Live).
 */
(function () {
  "use strict";

  var root = document.getElementById("tournament");
  if (!root) return;
  var strings = JSON.parse(document.getElementById("tournament-strings").textContent);
  var statusLine = document.getElementById("live-status");
  var PARTS = ["tournament-status", "tournament-entry", "tournament-live"];
  var timer = null;
  var refreshing = false;
  var again = false;
  var refreshCount = 0;
  var hasOpened = false;

  function replaceParts(html) {
    var fetched = new DOMParser().parseFromString(html, "text/html");
    PARTS.forEach(function (id) {
      var source = fetched.getElementById(id);
      var target = document.getElementById(id);
      if (source && target) target.innerHTML = source.innerHTML;
    });
    refreshCount += 1;
    root.setAttribute("data-refreshed", String(refreshCount));
  }

  function refresh() {
    if (refreshing) {
      again = true;
      return;
    }
    refreshing = true;
    fetch(root.getAttribute("data-live-url"), {credentials: "same-origin"})
      .then(function (response) {
        return response.ok ? response.text() : Promise.reject(response.status);
      })
      .then(replaceParts)
      .catch(function () {})
      .then(function () {
        refreshing = false;
        if (again) {
          again = false;
          refresh();
        }
      });
  }

  function refreshSoon() {
    // Several games ending together send several messages: one fetch is enough.
    clearTimeout(timer);
    timer = setTimeout(refresh, 200);
  }

  window.liveSocket(root.getAttribute("data-socket-path"), {
    onStatus: function (name) {
      statusLine.textContent = name === "open" ? strings.connected : name === "reconnecting" ? strings.reconnecting : "";
      statusLine.setAttribute("data-status", name);
    },
    onOpen: function () {
      // After a lost connection, catch up on what happened meanwhile.
      if (hasOpened) refreshSoon();
      hasOpened = true;
    },
    onFrame: function (frame) {
      if (frame.type === "changed") refreshSoon();
    },
  });
})();
