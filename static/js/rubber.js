// The rubber scorepad: buttons carrying data-confirm ask before they submit (no inline handlers: CSP).
document.addEventListener("click", function (event) {
  var button = event.target.closest("[data-confirm]");
  if (button && !window.confirm(button.getAttribute("data-confirm"))) {
    event.preventDefault();
  }
});
