/* A websocket that reconnects by itself with exponential backoff (docs/protocol.md, Reconnecting).
 *
 * liveSocket(path, {onOpen, onFrame, onStatus}) returns {send(obj) -> bool, isOpen() -> bool}.
 * onStatus receives "connecting", "open", "reconnecting" or "closed" (refused for good).
 */
(function () {
  "use strict";

  function liveSocket(path, handlers) {
    var socket = null;
    var attempt = 0;
    var closedForGood = false;
    var heartbeat = null;
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    var url = scheme + window.location.host + path;

    function status(name) {
      if (handlers.onStatus) handlers.onStatus(name);
    }

    function connect() {
      status(attempt === 0 ? "connecting" : "reconnecting");
      socket = new WebSocket(url);
      socket.onopen = function () {
        attempt = 0;
        status("open");
        if (handlers.onOpen) handlers.onOpen();
        clearInterval(heartbeat);
        heartbeat = setInterval(function () {
          send({type: "ping"});
        }, 20000);
      };
      socket.onmessage = function (event) {
        var frame;
        try {
          frame = JSON.parse(event.data);
        } catch (error) {
          return;
        }
        handlers.onFrame(frame);
      };
      socket.onclose = function (event) {
        clearInterval(heartbeat);
        // 4401 not logged in, 4404 no such game, 4008 too many sockets of this member open
        // (docs/protocol.md): retrying would not help. 4029 (too many messages) retries later.
        if (closedForGood || event.code === 4401 || event.code === 4404 || event.code === 4008) {
          status("closed");
          return;
        }
        attempt += 1;
        // 0.5 s, 1 s, 2 s, … up to 15 s, with jitter so that a restarted server is not stormed.
        var delay = Math.min(15000, 500 * Math.pow(2, attempt - 1)) * (0.75 + Math.random() / 2);
        status("reconnecting");
        setTimeout(connect, delay);
      };
    }

    function send(message) {
      if (!socket || socket.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    }

    // A laptop waking up or a phone coming back online: try at once rather than wait.
    window.addEventListener("online", function () {
      if (socket && socket.readyState === WebSocket.CLOSED) {
        attempt = 0;
        connect();
      }
    });
    window.addEventListener("pagehide", function () {
      closedForGood = true;
    });

    connect();
    return {
      send: send,
      isOpen: function () {
        return !!socket && socket.readyState === WebSocket.OPEN;
      },
    };
  }

  window.liveSocket = liveSocket;
})();
