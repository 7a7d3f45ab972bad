/* The director's hands page: while some stored deal may still be analysed double dummy, the part that lists them
   (`#deals-state`, templates/includes/hands_stored.html) is fetched again from its `data-state-url` every two
   seconds and put in place, until every deal is analysed or has failed for good. Our own few lines, no library. */
"use strict";

(() => {
  let box = document.querySelector("#deals-state[data-state-url]");
  if (!box || !box.dataset.waiting) {
    return;
  }
  const url = box.dataset.stateUrl;
  const timer = setInterval(async () => {
    try {
      const response = await fetch(url, { credentials: "same-origin", cache: "no-store" });
      if (!response.ok) {
        return;
      }
      const fresh = new DOMParser().parseFromString(await response.text(), "text/html").querySelector("#deals-state");
      if (!fresh) {
        return;
      }
      box.replaceWith(fresh);
      box = fresh;
      if (!fresh.dataset.waiting) {
        clearInterval(timer);
      }
    } catch (error) {
      // the next look tries again
    }
  }, 2000);
})();
