/* Every live page: the element with `data-live-url` is fetched again from that URL every few seconds and what
   changed is put in place (our own few lines, no library). The pages: a pairs session's live view
   (events/director/live_view.html: the grid, the results arriving, the disagreements, the correction requests and
   the ranking), a teams round's live view (teams/director/live_view.html: the rooms, the boards, the match scores
   and the correction requests), and a session's public live results (events/results/live.html). When the part is
   gone (a 404: the session published, live results switched off, the round removed) the page is loaded again, to
   say so.
   Nothing moves under the pointer: the fresh part is compared with the page node by node (elements with an `id`
   matched by it, the others by their place) and only what differs changes, so a button being clicked, the focus
   and the text being read stay where they are. The page's small live region (`data-live-announcer`) says only
   what arrived: the text (`data-announce`) of each element with an id that was not there before.
   Polling rather than server-sent events: gunicorn's sync workers would each be held by an open event stream,
   and a 2-core club server has only a handful; a request every few seconds costs one short query round and
   passes every proxy. */
"use strict";

(() => {
  const box = document.querySelector("[data-live-url]");
  if (!box) {
    return;
  }
  const announcer = document.querySelector("[data-live-announcer]");

  const sameKind = (old, fresh) =>
    old.nodeType === fresh.nodeType &&
    old.nodeName === fresh.nodeName &&
    (old.nodeType !== Node.ELEMENT_NODE || old.id === fresh.id);

  const syncAttributes = (old, fresh) => {
    Array.from(old.attributes).forEach((attribute) => {
      if (!fresh.hasAttribute(attribute.name)) {
        old.removeAttribute(attribute.name);
      }
    });
    Array.from(fresh.attributes).forEach((attribute) => {
      if (old.getAttribute(attribute.name) !== attribute.value) {
        old.setAttribute(attribute.name, attribute.value);
      }
    });
  };

  // Whitespace between elements is left as it is (the parser drops some of it, e.g. before a body's first element):
  // compared, it would put every later node out of step.
  const blank = (node) => node.nodeType === Node.TEXT_NODE && !node.nodeValue.trim();
  const skipBlank = (node) => {
    while (node && blank(node)) {
      node = node.nextSibling;
    }
    return node;
  };

  // `old`'s children made like `fresh`'s: kept where they match, changed in place, added or removed.
  const morphChildren = (old, fresh) => {
    const byId = new Map();
    old.querySelectorAll(":scope > [id]").forEach((child) => byId.set(child.id, child));
    let cursor = old.firstChild;
    Array.from(fresh.childNodes).filter((node) => !blank(node)).forEach((freshChild) => {
      cursor = skipBlank(cursor);
      let match = null;
      if (freshChild.nodeType === Node.ELEMENT_NODE && freshChild.id) {
        match = byId.get(freshChild.id) || null;
      } else if (cursor && sameKind(cursor, freshChild)) {
        match = cursor;
      }
      if (match) {
        if (match !== cursor) {
          old.insertBefore(match, cursor); // moved (an element keyed by id, rarely the focused one)
        }
        morph(match, freshChild);
        cursor = match.nextSibling;
      } else {
        old.insertBefore(document.importNode(freshChild, true), cursor);
      }
    });
    while (cursor) {
      const next = cursor.nextSibling;
      cursor.remove();
      cursor = next;
    }
  };

  const morph = (old, fresh) => {
    if (old.nodeType === Node.TEXT_NODE || old.nodeType === Node.COMMENT_NODE) {
      if (old.nodeValue !== fresh.nodeValue) {
        old.nodeValue = fresh.nodeValue;
      }
      return;
    }
    syncAttributes(old, fresh);
    morphChildren(old, fresh);
  };

  const announced = () => new Set(Array.from(box.querySelectorAll("[id][data-announce]"), (element) => element.id));

  const refresh = async () => {
    if (document.visibilityState !== "visible") {
      return;
    }
    try {
      const response = await fetch(box.dataset.liveUrl, { credentials: "same-origin", cache: "no-store" });
      if (response.status === 404) {
        location.reload();
      } else if (response.ok) {
        const html = await response.text();
        const fresh = new DOMParser().parseFromString(html, "text/html");
        const before = announced();
        morphChildren(box, fresh.body);
        const news = Array.from(box.querySelectorAll("[id][data-announce]"))
          .filter((element) => !before.has(element.id))
          .map((element) => element.dataset.announce);
        if (announcer && news.length) {
          announcer.textContent = news.join(". ");
        }
      }
    } catch (error) {
      // the next refresh tries again
    }
  };
  setInterval(refresh, 4000);
})();
