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

/* A typed contract shown back with its suit symbol before saving, read with the page's own suit letters
   (data-suit-letters on #typing-help, written by the server from scoring.notation: "P♠C♥D♦T♣" in Spanish, so
   that 4C shows 4♥ there). The echo sits after the contract field, announced politely. */
function contractEcho(text, help) {
  const letters = {};
  const pairs = help.dataset.suitLetters || "";
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    letters[pairs[i]] = pairs[i + 1];
  }
  const typed = text.toUpperCase().replace(/\s+/g, "");
  const notrump = (help.dataset.notrump || "NT").toUpperCase();
  const match = typed.match(/^([1-7])([A-Z]+?|[♣♦♥♠])(X{0,2})$/u);
  if (!match) {
    return "";
  }
  const word = match[2];
  const symbols = "♠♥♦♣";
  let strain = letters[word] || (symbols.includes(word) ? word : "");
  if (word === notrump || word === "NT" || word === "N") {
    strain = notrump;
  }
  return strain ? `${match[1]}${strain}${match[3]}` : "";
}

document.addEventListener("input", (event) => {
  const field = event.target.closest("input[name$='contract']");
  const help = document.getElementById("typing-help");
  if (!field || !help) {
    return;
  }
  let echo = field.parentElement.querySelector(".contract-echo");
  if (!echo) {
    echo = document.createElement("span");
    echo.className = "contract-echo small";
    echo.setAttribute("aria-live", "polite");
    field.insertAdjacentElement("afterend", echo);
  }
  echo.textContent = contractEcho(field.value, help);
  echo.classList.toggle("suit-h", /[♥♦]/u.test(echo.textContent));
});

/* A table wider than the screen scrolls sideways in its .table-responsive box: the box then takes the keyboard's
   focus (the arrow keys scroll it, WCAG 2.1.1) and is a region named by its table's caption or the heading before
   it. A box that does not scroll (a wider screen) is left out of the tab order. Boxes the templates made
   focusable themselves (tabindex in the markup) are left as they are. */
function scrollableName(box) {
  const caption = box.querySelector("caption");
  if (caption && caption.textContent.trim()) {
    return caption.textContent.trim();
  }
  for (let node = box.previousElementSibling; node; node = node.previousElementSibling) {
    if (/^H[1-6]$/.test(node.tagName)) {
      return node.textContent.trim();
    }
  }
  return document.title;
}

function focusableScrollers() {
  document.querySelectorAll(".table-responsive").forEach((box) => {
    if (box.hasAttribute("tabindex") && !box.dataset.scrollFocus) {
      return;
    }
    const scrolls = box.scrollWidth > box.clientWidth + 1;
    if (scrolls && !box.dataset.scrollFocus) {
      box.dataset.scrollFocus = "1";
      box.tabIndex = 0;
      box.setAttribute("role", "region");
      box.setAttribute("aria-label", scrollableName(box));
    } else if (!scrolls && box.dataset.scrollFocus) {
      delete box.dataset.scrollFocus;
      ["tabindex", "role", "aria-label"].forEach((name) => box.removeAttribute(name));
    }
  });
}

document.addEventListener("DOMContentLoaded", focusableScrollers);
window.addEventListener("resize", focusableScrollers);
