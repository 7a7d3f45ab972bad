/* The site's few behaviours, attached through data attributes rather than inline handlers (ready for a strict
   Content-Security-Policy):
   - data-print on a button prints the page;
   - data-confirm="question" on a form (or on its submit button) asks before submitting;
   - data-autosubmit on a select submits its form when the choice changes. */
"use strict";

document.addEventListener("click", (event) => {
  if (event.target.closest("[data-print]")) {
    window.print();
  }
});

document.addEventListener("submit", (event) => {
  const question = event.submitter?.dataset.confirm ?? event.target.dataset.confirm;
  if (question && !window.confirm(question)) {
    event.preventDefault();
  }
});

document.addEventListener("change", (event) => {
  const select = event.target.closest("select[data-autosubmit]");
  if (select && select.form) {
    select.form.submit();
  }
});
