// PrimeTime's web face. This script holds none of the app: it sends what the person did (the
// view action named by a control's data-action) and applies the HTML the server pushes. The
// server decides everything, so every tab of the one store shows the same count and favorites.
"use strict";

(() => {
  const token = new URLSearchParams(location.search).get("token") || "";
  const banner = document.getElementById("connection");
  let socket = null;
  // Reconnecting after the server went away: the delay doubles from half a second to 10 s.
  let retryDelay = 500;
  let retryTimer = null;
  let leaving = false;
  let lastWidth = -1;
  let resizeTimer = null;
  // The person is typing in the count's field: the server's echo must not overwrite it.
  let typing = false;
  // The control that last sent an action: focus goes back to it when what it opened closes.
  let opener = null;
  // A page button was pressed: the list is shown from its top once the new page arrives.
  let paged = false;

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function sendAction(name, element, extra) {
    const message = { type: "action", name };
    if (element && element.dataset.prime !== undefined) message.prime = Number(element.dataset.prime);
    Object.assign(message, extra);
    send(message);
  }

  function showBanner(text) {
    banner.textContent = text;
    banner.hidden = false;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    // Whether this connection ended on purpose: a fault, a closed window, the page leaving.
    let final = false;
    socket = new WebSocket(`${scheme}//${location.host}/ws?token=${encodeURIComponent(token)}`);
    socket.addEventListener("open", () => {
      lastWidth = window.innerWidth;
      const hello = { type: "hello", width: lastWidth, visible: document.visibilityState === "visible" };
      // A tab opened at a value ("Open in New Window") names it once: a reconnect reopens it.
      const open = new URLSearchParams(location.search).get("open");
      if (open) hello.open = open;
      send(hello);
    });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "update" || message.type === "patch") {
        if (document.documentElement.classList.contains("stale")) reconnected();
        apply(message);
      } else if (message.type === "error") {
        final = true;
        showBanner(message.message);
      } else if (message.type === "closed") {
        final = true;
        showBanner(message.message);
        window.close();
      } else if (message.type === "focus") {
        window.focus();
      }
    });
    socket.addEventListener("close", (event) => {
      document.getElementById("app").inert = true;
      if (final || leaving) {
        if (banner.hidden) showBanner(event.reason || "Disconnected from the PrimeTime server.");
        return;
      }
      stale();
    });
  }

  // The server went away (stopped, restarted, unreachable): the page stays, dimmed and marked
  // as out of date, and tries again until the server answers or says the token is wrong.
  function stale() {
    document.documentElement.classList.add("stale");
    showBanner(`Reconnecting to the PrimeTime server… (this page is out of date)`);
    clearTimeout(retryTimer);
    retryTimer = setTimeout(probe, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 10000);
  }

  // Asks for the style sheet first: a server that answers 401 has another token, and
  // retrying will not help; one that does not answer is still away.
  function probe() {
    fetch(`/app.css?token=${encodeURIComponent(token)}`, { method: "HEAD", cache: "no-store" })
      .then((response) => {
        if (response.status === 401) {
          showBanner(
            "The PrimeTime server restarted with a new token: open the address it printed.",
          );
          document.documentElement.classList.add("stale");
        } else {
          connect();
        }
      })
      .catch(() => stale());
  }

  function reconnected() {
    retryDelay = 500;
    document.documentElement.classList.remove("stale");
    document.getElementById("app").inert = false;
    banner.hidden = true;
  }

  // Updates ------------------------------------------------------------------------------

  function apply(message) {
    const app = document.getElementById("app");
    const hadFocus = app.contains(document.activeElement);
    const hadOverlay = overlayOpen();
    const screen = document.title;
    // A title set, even to itself, is sent to the browser's tab strip.
    if (screen !== message.title) document.title = message.title;
    const template = document.createElement("template");
    template.innerHTML = message.html;
    const next = template.content.firstElementChild;
    // A patch is the one element that changed, found by its place under #app.
    let target = app;
    if (message.type === "patch") {
      for (const index of message.at.split(".")) target = target && target.children[Number(index)];
    }
    if (!target || !next || target.localName !== next.localName) {
      send({ type: "refresh" });
      return;
    }
    morph(target, next);
    present();
    const firstUpdate = !document.body.dataset.updates;
    restoreFocus(hadFocus, hadOverlay, screen !== message.title && !firstUpdate);
    fitCount();
    if (paged) {
      paged = false;
      window.scrollTo(0, 0);
      const sidebar = document.querySelector(".sidebar");
      if (sidebar) sidebar.scrollTop = 0;
    }
    // How many updates the page has applied: what a test or a tool waits on.
    document.body.dataset.updates = String(Number(document.body.dataset.updates || 0) + 1);
  }

  function key(node) {
    return node.nodeType === Node.ELEMENT_NODE ? node.getAttribute("data-key") : null;
  }

  // Changes `current` into `next` in place, so that focus, an open dialog or popover and the
  // caret in a field survive an update.
  function morph(current, next) {
    if (
      current.nodeType !== next.nodeType ||
      current.nodeName !== next.nodeName ||
      key(current) !== key(next)
    ) {
      current.replaceWith(next);
      return;
    }
    if (current.nodeType !== Node.ELEMENT_NODE) {
      if (current.nodeValue !== next.nodeValue) current.nodeValue = next.nodeValue;
      return;
    }
    // Most of a page is as it was: a subtree the same to the attribute is left alone, unless it
    // holds a field, whose text is a property the comparison does not see.
    if (current.isEqualNode(next) && !current.matches("input, :has(input)")) return;
    for (const { name } of [...current.attributes]) {
      // A dialog's "open" is the browser's, set by showModal(); a style is the page's own (the
      // policy refuses the server's inline styles), the count's fitted size.
      if (
        !next.hasAttribute(name) &&
        name !== "style" &&
        !(name === "open" && current.localName === "dialog")
      ) {
        current.removeAttribute(name);
      }
    }
    for (const { name, value } of next.attributes) {
      if (current.getAttribute(name) !== value) current.setAttribute(name, value);
    }
    if (current.localName === "input") {
      const editingHere = typing && document.activeElement === current;
      const value = next.getAttribute("value") || "";
      if (!editingHere && current.value !== value) current.value = value;
    }
    const children = [...next.childNodes];
    children.forEach((child, index) => {
      const existing = current.childNodes[index];
      if (existing) morph(existing, child);
      else current.appendChild(child);
    });
    while (current.childNodes.length > children.length) current.lastChild.remove();
  }

  // Shows what the server presents: modal dialogs (a sheet, an alert) and popovers.
  function present() {
    for (const popover of document.querySelectorAll("[popover][data-dismiss-action]")) {
      if (!popover.matches(":popover-open") && !document.querySelector("dialog[open]")) {
        popover.showPopover();
      }
    }
    for (const dialog of document.querySelectorAll("dialog[data-modal]")) {
      if (!dialog.open) dialog.showModal();
    }
  }

  // A long count (a phone, 16 digits and more) gets a smaller type rather than pushing "−"
  // off the screen or cutting its first digits.
  // What the count's fit was last computed for: its text with every digit alike (the digits
  // are tabular), the field, the window's width and the screen. The fit reads the layout, which
  // costs a tab more than the rest of an update; most updates change a digit and nothing else.
  let fitted = null;

  function fitCount(force) {
    const field = document.querySelector("input.count");
    if (!field) return;
    const shape = [field, field.value.replace(/[0-9]/g, "0"), window.innerWidth, document.title];
    if (!force && fitted && shape.every((part, index) => part === fitted[index])) return;
    fitted = shape;
    field.style.fontSize = "";
    const row = field.closest(".count-row") || field.parentElement;
    let size = parseFloat(getComputedStyle(field).fontSize);
    const overflows = () =>
      row.scrollWidth > row.clientWidth + 1 || field.scrollWidth > field.clientWidth + 1 ||
      row.getBoundingClientRect().left < 0;
    while (size > 10 && overflows()) {
      size -= 1;
      field.style.fontSize = `${size}px`;
    }
  }

  function overlayOpen() {
    return document.querySelector("dialog[open], [popover]:popover-open") !== null;
  }

  // An update that removed the focused control leaves focus on the body, where a keyboard or
  // screen reader user is lost: it goes back to the control that opened a closed sheet or
  // popover, or to the heading of a screen just moved to.
  function restoreFocus(hadFocus, hadOverlay, screenChanged) {
    const focused = document.activeElement;
    if (focused && focused !== document.body && document.contains(focused)) return;
    if (overlayOpen()) return;
    if (hadOverlay && opener) {
      const back = document.querySelector(opener);
      if (back) {
        back.focus();
        return;
      }
    }
    if (hadFocus || hadOverlay || screenChanged) {
      const heading = document.querySelector("#app h1, #app h2");
      if (heading) {
        heading.tabIndex = -1;
        heading.focus();
      }
    }
  }

  function selectorOf(element) {
    let selector = `[data-action="${CSS.escape(element.dataset.action)}"]`;
    if (element.dataset.prime !== undefined) {
      selector += `[data-prime="${CSS.escape(element.dataset.prime)}"]`;
    }
    return selector;
  }

  // What the person does -----------------------------------------------------------------

  document.addEventListener("click", (event) => {
    // "Open in New Window": this page's URL with the value to open at, in a new tab.
    const link = event.target.closest("a[data-open]");
    if (link) {
      const url = new URL(location.href);
      url.searchParams.set("open", link.dataset.open);
      link.href = url.toString();
      return;
    }
    const target = event.target.closest("[data-action], [data-select], [data-page]");
    if (!target || target.disabled) return;
    if (target.dataset.action) {
      opener = selectorOf(target);
      sendAction(target.dataset.action, target);
    } else if (target.dataset.select) {
      send({ type: "select", prime: Number(target.dataset.select) });
    } else if (target.dataset.page) {
      paged = true;
      send({ type: "page", first: Number(target.dataset.page) });
    }
  });

  // A document with changes unsaved: the browser asks before the tab goes (the server then
  // lets the changes go with it).
  window.addEventListener("beforeunload", (event) => {
    if (document.querySelector("#app[data-unsaved]")) event.preventDefault();
  });

  document.addEventListener("dblclick", (event) => {
    if (event.target.closest("button, input, a, dialog, [popover]")) return;
    const target = event.target.closest("[data-dblclick-action]");
    if (target) sendAction(target.dataset.dblclickAction, target);
  });

  document.addEventListener("input", (event) => {
    const field = event.target;
    if (!field.dataset || !field.dataset.inputAction) return;
    typing = true;
    fitCount();
    sendAction(field.dataset.inputAction, null, { text: field.value });
  });

  document.addEventListener("focusout", (event) => {
    const field = event.target;
    if (!field.dataset || !field.dataset.inputAction || !typing) return;
    // Leaving the field without Return stops typing: the count stays as it was.
    typing = false;
    sendAction(field.dataset.inputAction, null, { text: null });
  });

  // The keys of a desktop's menu commands: Alt with the command's key.
  function shortcutKey(event) {
    if (event.code.startsWith("Key")) return event.code.slice(3).toLowerCase();
    return { Equal: "=", Minus: "-" }[event.code] || event.key.toLowerCase();
  }

  document.addEventListener("keydown", (event) => {
    const target = event.target;
    const data = target.dataset || {};
    if (data.submitAction && event.key === "Enter") {
      event.preventDefault();
      // A name the field's pattern refuses (Save As "my list", or nothing) is the person's
      // to fix: the browser says why and nothing is sent (the server closes a tab that sends
      // one, and its unsaved changes would go with it).
      if (!target.checkValidity()) {
        target.reportValidity();
        return;
      }
      typing = false;
      // A field whose text is the action's argument (a document's Save As name).
      sendAction(data.submitAction, null, data.submitText !== undefined ? { text: target.value } : undefined);
      return;
    }
    // A listbox moves among its options with the arrow keys, Home and End.
    if (target.getAttribute && target.getAttribute("role") === "option") {
      const options = [...target.closest("[role=listbox]").querySelectorAll("[role=option]")];
      const index = options.indexOf(target);
      const next = {
        ArrowDown: options[index + 1],
        ArrowUp: options[index - 1],
        Home: options[0],
        End: options[options.length - 1],
      }[event.key];
      if (next) {
        event.preventDefault();
        next.focus();
        return;
      }
    }
    if (data.select && (event.key === " " || event.key === "Enter")) {
      event.preventDefault();
      if (event.key === " ") send({ type: "select", prime: Number(data.select) });
      else sendAction(data.dblclickAction, target);
      return;
    }
    if (event.altKey && !event.ctrlKey && !event.metaKey) {
      const key = shortcutKey(event);
      const item = document.querySelector(`[data-shortcut="${CSS.escape(key)}"]`);
      if (item && !item.disabled) {
        event.preventDefault();
        item.click();
      }
    }
  });

  // Escape on a modal dialog asks the server to dismiss it; the server's update removes it.
  document.addEventListener(
    "cancel",
    (event) => {
      const dialog = event.target;
      if (!dialog.dataset || !dialog.dataset.cancelAction) return;
      event.preventDefault();
      sendAction(dialog.dataset.cancelAction);
    },
    true,
  );

  // A popover closed by a click outside or Escape is dismissed; one removed by an update is not.
  document.addEventListener(
    "toggle",
    (event) => {
      const popover = event.target;
      if (!popover.dataset || !popover.dataset.dismissAction) return;
      if (event.newState === "closed" && popover.isConnected && !document.querySelector("dialog[open]")) {
        sendAction(popover.dataset.dismissAction);
      }
    },
    true,
  );

  // The tab's width is its size class; visibility is the app's scene phase.
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => {
      fitCount(true);
      if (window.innerWidth === lastWidth) return;
      lastWidth = window.innerWidth;
      send({ type: "resize", width: lastWidth });
    }, 10);
  });

  document.addEventListener("visibilitychange", () => {
    send({ type: "visibility", visible: document.visibilityState === "visible" });
  });

  window.addEventListener("pagehide", () => {
    leaving = true;
    if (socket) socket.close(1000, "page closed");
  });

  connect();
})();
