/* The director's live view (events/director/live_view.html): the grid, the results arriving, the correction
   requests and the ranking are fetched again every few seconds and put in place (our own few lines, no library).
   The public live results (events/results/live.html) refresh their ranking the same way; when the part is gone
   (the session published, or live results switched off) the page is loaded again, to say so.
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
