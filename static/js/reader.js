/* A page kept for every logged-in reader (club/page_cache.py) made personal: the reader's fragment
   (events' reader.json) gives the navigation's account links, which replace the plain "Account" link
   ([data-reader-nav]), and the reader's scorecards in the session shown ([data-reader-session]), whose rows in
   the ranking and the traveller are highlighted as the page made for the reader highlights them. Without JS,
   or if the fragment cannot be read, the plain link stays and nothing is highlighted. */
"use strict";

function highlightMine(scorecards) {
  const mine = new Set(scorecards);
  let found = false;
  document.querySelectorAll("table.ranking tbody tr, table.traveller tbody tr").forEach((row) => {
    const links = Array.from(row.querySelectorAll("a[href]"));
    if (links.some((link) => mine.has(new URL(link.href).pathname))) {
      row.classList.add("table-info", "mine");
      found = true;
    }
  });
  document.querySelectorAll("[data-reader-mine]").forEach((element) => {
    const shown = element.dataset.readerMine === "page" ? mine.has(window.location.pathname) : found;
    element.hidden = !shown;
  });
}

function showReader(reader, slot) {
  const template = document.createElement("template");
  template.innerHTML = reader.nav; // the site's own HTML, made for this reader
  slot.replaceWith(template.content);
  highlightMine(reader.scorecards || []);
}

(() => {
  const slot = document.querySelector("[data-reader-nav]");
  if (!slot) {
    return;
  }
  const url = new URL(slot.dataset.readerNav, window.location.href);
  url.searchParams.set("next", window.location.pathname + window.location.search);
  const session = document.querySelector("[data-reader-session]");
  if (session) {
    url.searchParams.set("session", session.dataset.readerSession);
  }
  fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
    .then((reader) => showReader(reader, slot))
    .catch(() => {}); // the plain "Account" link stays
})();
