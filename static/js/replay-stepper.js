/* The controls of the replay viewer, whatever the game: step by action, by trick, by deal, or
 * with the arrow keys. The table's core (table.js) draws each step (`show`) and says what
 * happened in it (`describe`); a step that completes a trick is a play that leaves the trick
 * empty. Controls: templates games/replay_controls.html. */
(function () {
  "use strict";

  function $(id) { return document.getElementById(id); }

  window.replayStepper = function (options) {
    var steps = options.steps;
    var index = 0;

    function isTrickEnd(step) {
      return step.action && step.action.type === "play" && !step.view.trick.length;
    }

    function show(next) {
      index = Math.max(0, Math.min(steps.length - 1, next));
      var step = steps[index];
      var isLast = index === steps.length - 1;
      options.show(step, index, isLast, isTrickEnd(step));
      $("replay-step").textContent = options.stepText(index + 1, steps.length);
      $("replay-action").textContent = options.describe(step);
      $("replay-deal").value = String(step.deal_index);
      $("replay-prev").disabled = index === 0;
      $("replay-prev-trick").disabled = index === 0;
      $("replay-next").disabled = isLast;
      $("replay-next-trick").disabled = isLast;
      Array.prototype.forEach.call(document.querySelectorAll(".replay-deals tr[data-deal]"), function (row) {
        row.classList.toggle("is-current", row.getAttribute("data-deal") === String(step.deal_index));
      });
    }

    function nextTrick() {
      for (var i = index + 1; i < steps.length; i += 1) {
        if (isTrickEnd(steps[i]) || i === steps.length - 1) return show(i);
      }
    }

    function previousTrick() {
      for (var i = index - 1; i > 0; i -= 1) {
        if (isTrickEnd(steps[i])) return show(i);
      }
      show(0);
    }

    $("replay-next").addEventListener("click", function () { show(index + 1); });
    $("replay-prev").addEventListener("click", function () { show(index - 1); });
    $("replay-next-trick").addEventListener("click", nextTrick);
    $("replay-prev-trick").addEventListener("click", previousTrick);
    $("replay-deal").addEventListener("change", function () {
      var deal = Number($("replay-deal").value);
      for (var i = 0; i < steps.length; i += 1) {
        if (steps[i].deal_index === deal) return show(i);
      }
    });
    document.addEventListener("keydown", function (event) {
      if (event.target && (event.target.tagName === "SELECT" || event.target.tagName === "INPUT")) return;
      if (event.key === "ArrowRight") show(index + 1);
      if (event.key === "ArrowLeft") show(index - 1);
    });
    show(0);
    return {show: show};
  };
})();
