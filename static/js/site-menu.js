/* The compact site header (the table on a phone, templates/base.html `header_class`): the
 * navigation and the member's links wait behind one Menu button, so that the table gets the
 * height. The button shows only where the stylesheet makes the header compact. */
(function () {
  "use strict";

  var header = document.getElementById("site-header");
  var button = document.getElementById("site-menu-button");
  if (!header || !button) return;

  function setOpen(isOpen) {
    header.classList.toggle("is-menu-open", isOpen);
    button.setAttribute("aria-expanded", isOpen ? "true" : "false");
  }

  button.addEventListener("click", function () {
    setOpen(!header.classList.contains("is-menu-open"));
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && header.classList.contains("is-menu-open")) {
      setOpen(false);
      button.focus();
    }
  });
})();
