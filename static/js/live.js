/* Every live page: the element with `data-live-url` is fetched again from that URL every few seconds and its
   content put in place (our own few lines, no library). The pages: a pairs session's live view
   (events/director/live_view.html: the grid, the results arriving, the correction requests and the ranking), a
   teams round's live view (teams/director/live_view.html: the rooms, the boards, the match scores and the
   correction requests), and a session's public live results (events/results/live.html). When the part is gone
   (a 404: the session published, live results switched off, the round removed) the page is loaded again, to say
   so.
   Polling rather than server-sent events: gunicorn's sync workers would each be held by an open event stream,
   and a 2-core club server has only a handful; a request every few seconds costs one short query round and
   passes every proxy. */
"use strict";

(() => {
  const box = document.querySelector("[data-live-url]");
  if (!box) {
    return;
  }
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
        box.replaceChildren(...fresh.body.childNodes);
      }
    } catch (error) {
      // the next refresh tries again
    }
  };
  setInterval(refresh, 4000);
})();
