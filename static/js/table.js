/* A table's page on a phone (events/table/page.html), our own few lines, no library:
   - what is typed in a board's form is kept in localStorage until the page shows it saved;
   - a form sent while the phone is offline is queued in localStorage and sent when the connection returns
     (the server stores a board's result once however often it arrives);
   - every few seconds the page asks whether anything changed (the other phone at the table) and reloads, or,
     while this phone is typing, says the page is out of date (templates/table/phone_states.html);
   - every state is on the screen: offline (no connection, or the poll failed), stale, closed (polled slowly, in
     case the director opens table entry again) and final (polling stops, the forms go).
   Without JavaScript the forms post as plain HTML forms. */
"use strict";

(() => {
  const page = document.querySelector("[data-table-page]");
  if (!page) {
    return;
  }
  const queueKey = "table-queue:" + location.pathname;
  const notice = page.querySelector("[data-offline]");
  const stale = page.querySelector("[data-stale]");
  const closed = page.querySelector("[data-closed]");
  let unreachable = false; // the last poll failed: no connection
  const readQueue = () => JSON.parse(localStorage.getItem(queueKey) || "[]");
  const showNotice = () => {
    const offline = !navigator.onLine || unreachable || readQueue().length > 0;
    if (notice) {
      notice.classList.toggle("d-none", !offline);
    }
  };

  const typedFields = (form) => Array.from(form.querySelectorAll("input[type=text], input:not([type]), select"));

  // Drafts: kept while typing, put back after a reload, dropped once the page shows the same values saved.
  page.querySelectorAll("form[data-draft]").forEach((form) => {
    const key = "table-draft:" + form.dataset.draft;
    const draft = JSON.parse(localStorage.getItem(key) || "null");
    const fields = typedFields(form);
    if (draft) {
      const shown = fields.every((field) => (field.value || "") === (draft[field.name] || ""));
      if (shown) {
        localStorage.removeItem(key);
      } else {
        fields.forEach((field) => {
          if (!field.value && draft[field.name]) {
            field.value = draft[field.name];
          }
        });
      }
    }
    form.addEventListener("input", () => {
      const values = {};
      fields.forEach((field) => { values[field.name] = field.value; });
      localStorage.setItem(key, JSON.stringify(values));
    });
  });

  const flush = async () => {
    const queue = readQueue();
    if (!queue.length || !navigator.onLine) {
      return;
    }
    while (queue.length) {
      let response;
      try {
        response = await fetch(location.pathname, {
          method: "POST",
          body: queue[0],
          credentials: "same-origin",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        });
      } catch (error) {
        return; // still offline: the queue waits for the next "online"
      }
      if (response.status >= 500 || response.status === 429) {
        return; // the server could not take it now: kept, sent again at the next "online" or visit
      }
      const sent = queue.shift();
      localStorage.setItem(queueKey, JSON.stringify(queue));
      if (!response.ok) {
        resubmit(sent); // refused (a result the reader cannot take): show the refusal, with what was typed
        return;
      }
    }
    location.reload();
  };

  // A queued form sent again as a plain form post, so the page shows the server's answer to it.
  const resubmit = (body) => {
    const form = document.createElement("form");
    form.method = "post";
    form.action = location.pathname;
    new URLSearchParams(body).forEach((value, name) => {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      form.appendChild(input);
    });
    document.body.appendChild(form);
    form.submit();
  };

  // A form sent online: the page is on its way to the server's answer, and a poll's reload would cancel it.
  let leaving = false;
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) {
      leaving = false; // back on this page from the browser's history: it polls as before
    }
  });
  page.addEventListener("submit", (event) => {
    const form = event.target.closest("form[data-table-form]");
    if (!form) {
      return;
    }
    if (navigator.onLine) {
      leaving = true;
      return;
    }
    event.preventDefault();
    const queue = readQueue();
    queue.push(new URLSearchParams(new FormData(form)).toString());
    localStorage.setItem(queueKey, JSON.stringify(queue));
    showNotice();
  });

  let timer = null;
  const every = (milliseconds) => {
    clearInterval(timer);
    timer = milliseconds ? setInterval(poll, milliseconds) : null;
  };

  // Closed or final: the message instead of the forms (final: no more polling; closed: a poll now and then).
  const shut = (state) => {
    if (closed) {
      closed.textContent = state.message || "";
      closed.classList.remove("d-none");
    }
    page.querySelectorAll("form[data-table-form], [data-table-form-part]").forEach((form) => { form.hidden = true; });
    page.dataset.shut = state.error;
    every(state.error === "final" ? 0 : 30000);
  };

  // The table's tag when the page was made (read before its state): the first poll, nothing new, is answered 304.
  let tag = page.dataset.tag || "";
  const poll = async () => {
    if (document.visibilityState !== "visible" || !navigator.onLine || readQueue().length) {
      showNotice();
      return;
    }
    let state;
    try {
      // The table's tag of the last answer: unchanged, the server answers 304 without reading the table's state.
      const headers = tag ? { "If-None-Match": tag } : {};
      const response = await fetch(page.dataset.stateUrl, { credentials: "same-origin", cache: "no-store", headers });
      unreachable = false;
      if (response.status === 304) {
        showNotice();
        return; // nothing new
      }
      state = await response.json();
      tag = response.headers.get("ETag") || "";
    } catch (error) {
      unreachable = true; // no answer: the next poll tries again
      showNotice();
      return;
    }
    showNotice();
    if (leaving) {
      return; // a form was sent while the poll was out: its answer is the page to come
    }
    // Whether this phone is typing, as the answer arrives (not as the poll left: typing may have begun since).
    const busy = document.activeElement && document.activeElement.closest("form[data-table-form]");
    if (state.error) {
      shut(state);
    } else if (page.dataset.shut) {
      location.reload(); // opened again
    } else if (state.version && state.version !== page.dataset.version) {
      if (busy) {
        stale && stale.classList.remove("d-none");
      } else {
        location.reload();
      }
    }
  };

  page.querySelectorAll("[data-reload]").forEach((button) => button.addEventListener("click", () => location.reload()));
  window.addEventListener("online", () => { showNotice(); flush(); });
  window.addEventListener("offline", showNotice);
  showNotice();
  flush();
  every(4000);
})();
