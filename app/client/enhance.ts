/**
 * The small script every page carries, inlined at the end of <body>. Pages are not hydrated (no
 * React in the browser: docs/decisions/0004 and 0005), so the header disclosures, the banner, the
 * page view and the form enhancements are plain DOM code, attached by event delegation.
 *
 * It is serialised with Function.prototype.toString: it must reference nothing outside itself.
 */
export function enhancePage(): void {
  const doc = document;
  const root = doc.documentElement;

  const panelOf = (button: Element) => doc.getElementById(button.getAttribute("aria-controls") ?? "");
  const setOpen = (button: Element, open: boolean) => {
    button.setAttribute("aria-expanded", String(open));
    const panel = panelOf(button);
    if (panel) panel.hidden = !open;
  };
  const openButtons = () => Array.from(doc.querySelectorAll("[data-disclosure][aria-expanded='true']"));
  const closeAll = (except?: Element) => {
    for (const button of openButtons()) if (button !== except) setOpen(button, false);
  };
  // "Inside" a disclosure: its button's wrapper or its panel (the mobile panel sits elsewhere).
  const inside = (button: Element, node: Node | null) =>
    Boolean(
      node &&
        ((button.closest("[data-disclosure-root]") ?? button.parentElement)?.contains(node) ||
          panelOf(button)?.contains(node)),
    );

  doc.addEventListener("click", (event) => {
    const target = event.target as Element | null;
    if (!target?.closest) return;
    const toggle = target.closest("[data-disclosure]");
    if (toggle) {
      const open = toggle.getAttribute("aria-expanded") !== "true";
      closeAll(toggle);
      setOpen(toggle, open);
      return;
    }
    if (target.closest("[data-toast-dismiss]")) {
      target.closest("[data-toast]")?.remove();
      return;
    }
    if (target.closest("[data-banner-dismiss]")) {
      try {
        localStorage.setItem("tax-credit-banner-dismissed", "true");
      } catch {
        // Storage blocked: the banner still hides for this page.
      }
      root.setAttribute("data-banner-dismissed", "");
      return;
    }
    // A click outside an open disclosure, or on a link inside it, closes it.
    for (const button of openButtons()) {
      if (!inside(button, target) || target.closest("a")) setOpen(button, false);
    }
  });

  // Forms: a pending label on the submit button, and a second submit ignored while the first is
  // on its way (the page is replaced by the response; a back navigation restores the form).
  doc.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (event.defaultPrevented) return;
    if (form.dataset.submitting === "true") {
      event.preventDefault();
      return;
    }
    const fileInput = form.querySelector<HTMLInputElement>("input[data-bill-file]");
    if (fileInput && !checkFile(fileInput)) {
      event.preventDefault();
      return;
    }
    form.dataset.submitting = "true";
    fillAttribution(form);
    const button = form.querySelector<HTMLButtonElement>("button[data-pending-label]");
    if (button) {
      button.dataset.idleLabel = button.textContent ?? "";
      button.textContent = button.dataset.pendingLabel ?? "";
      button.setAttribute("aria-disabled", "true");
      // Disabled after the form data is taken, so nothing is left out of the submission.
      setTimeout(() => {
        button.disabled = true;
      }, 0);
    }
    if (form.hasAttribute("data-upload-progress") && typeof XMLHttpRequest === "function") {
      event.preventDefault();
      uploadWithProgress(form);
    }
  });

  // The bill's file rules (spec section 5), checked as soon as a file is chosen; the server
  // checks them again, and the file's real content. Limits and messages come from data-*.
  function fileProblem(input: HTMLInputElement): string | null {
    const file = input.files?.[0];
    if (!file) return null;
    const d = input.dataset;
    const ext = file.name.includes(".") ? (file.name.split(".").pop() ?? "").toLowerCase() : "";
    const kinds: Record<string, string> = { pdf: "pdf", jpg: "jpeg", jpeg: "jpeg", png: "png" };
    const types: Record<string, string> = {
      "application/pdf": "pdf",
      "image/jpeg": "jpeg",
      "image/jpg": "jpeg",
      "image/png": "png",
    };
    if (/\.\.|[/\\]/.test(file.name)) return d.msgName ?? "";
    if (!types[file.type.toLowerCase()]) return d.msgType ?? "";
    if (kinds[ext] !== types[file.type.toLowerCase()]) return d.msgExtension ?? "";
    if (file.size > Number(d.maxBytes)) return d.msgTooLarge ?? "";
    if (file.size < Number(d.minBytes)) return d.msgTooSmall ?? "";
    return null;
  }
  function showToast(title: string, text: string) {
    let region = doc.querySelector("[data-toast-region]");
    if (!region) {
      region = doc.createElement("div");
      region.setAttribute("data-toast-region", "");
      region.className =
        "pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end";
      doc.body.appendChild(region);
    }
    const toast = doc.createElement("div");
    toast.setAttribute("role", "alert");
    toast.setAttribute("data-toast", "");
    toast.className =
      "pointer-events-auto w-full max-w-md rounded-xl border border-red-800 bg-red-700 p-4 text-white shadow-lg";
    const heading = doc.createElement("p");
    heading.className = "font-semibold";
    heading.textContent = title;
    const body = doc.createElement("p");
    body.className = "mt-1 text-sm";
    body.textContent = text;
    const close = doc.createElement("button");
    close.type = "button";
    close.setAttribute("data-toast-dismiss", "");
    close.className = "mt-2 min-h-11 text-sm font-semibold underline";
    close.textContent = "Dismiss";
    toast.append(heading, body, close);
    region.appendChild(toast);
  }
  function checkFile(input: HTMLInputElement): boolean {
    const problem = fileProblem(input);
    const errorId = `${input.id}-client-error`;
    doc.getElementById(errorId)?.remove();
    // A new choice replaces any earlier message, the server's included.
    doc.getElementById(`${input.id}-error`)?.remove();
    const describedBy = (input.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .filter((id) => id && id !== errorId && id !== `${input.id}-error`);
    if (describedBy.length) input.setAttribute("aria-describedby", describedBy.join(" "));
    else input.removeAttribute("aria-describedby");
    if (!problem) {
      input.removeAttribute("aria-invalid");
      return true;
    }
    input.value = "";
    input.setAttribute("aria-invalid", "true");
    const message = doc.createElement("p");
    message.id = errorId;
    message.className = "text-sm font-medium text-red-700";
    message.textContent = problem;
    input.insertAdjacentElement("afterend", message);
    input.setAttribute("aria-describedby", [...describedBy, errorId].join(" "));
    showToast(input.dataset.msgFailed ?? "", problem);
    return false;
  }
  doc.addEventListener("change", (event) => {
    const input = event.target as HTMLInputElement;
    if (input.matches?.("input[data-bill-file]")) checkFile(input);
  });

  // Large bills: upload with a visible progress bar. The response (the page after the redirect,
  // or the form with its errors) replaces this document, as a normal form post would.
  function uploadWithProgress(form: HTMLFormElement) {
    const status = form.querySelector<HTMLElement>("[data-upload-status]");
    const bar = status?.querySelector("progress");
    if (status) status.hidden = false;
    const xhr = new XMLHttpRequest();
    xhr.open("POST", form.action);
    const live = status?.querySelector<HTMLElement>("[data-upload-percent]");
    let announced = 0;
    xhr.upload.addEventListener("progress", (progress) => {
      if (!bar || !progress.lengthComputable) return;
      const percent = Math.round((progress.loaded / progress.total) * 100);
      bar.value = percent;
      // Announce in quarters, not on every event.
      if (live && percent >= announced + 25) {
        announced = percent - (percent % 25);
        live.textContent = `${announced}% uploaded`;
      }
    });
    xhr.addEventListener("load", () => {
      if (xhr.responseURL && xhr.responseURL !== location.href) history.replaceState(null, "", xhr.responseURL);
      doc.open();
      doc.write(xhr.responseText);
      doc.close();
    });
    xhr.addEventListener("error", () => {
      delete form.dataset.submitting;
      if (status) status.hidden = true;
      const button = form.querySelector<HTMLButtonElement>("button[data-pending-label]");
      if (button) {
        button.disabled = false;
        button.removeAttribute("aria-disabled");
        button.textContent = button.dataset.idleLabel ?? "";
      }
      showToast("Submission failed", "The upload did not reach us. Please check your connection and try again.");
    });
    xhr.send(new FormData(form));
  }
  window.addEventListener("pageshow", () => {
    for (const form of Array.from(doc.querySelectorAll<HTMLFormElement>("form[data-submitting='true']"))) {
      delete form.dataset.submitting;
      const button = form.querySelector<HTMLButtonElement>("button[data-pending-label]");
      if (button?.dataset.idleLabel) button.textContent = button.dataset.idleLabel;
      button?.removeAttribute("aria-disabled");
      if (button) button.disabled = false;
    }
  });

  // First-touch attribution for this visit: UTM parameters of the landing URL and the referring
  // site, kept for the session and copied into a form's empty attribution fields on submit.
  const ATTRIBUTION_KEY = "sa-attribution";
  let firstTouch: Record<string, string> = {};
  try {
    firstTouch = JSON.parse(sessionStorage.getItem(ATTRIBUTION_KEY) ?? "null") ?? {};
    if (!sessionStorage.getItem(ATTRIBUTION_KEY)) {
      const params = new URLSearchParams(location.search);
      for (const name of ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"]) {
        const value = params.get(name);
        if (value) firstTouch[name] = value.slice(0, 200);
      }
      if (doc.referrer && new URL(doc.referrer).origin !== location.origin)
        firstTouch.referrer = doc.referrer.slice(0, 1000);
      sessionStorage.setItem(ATTRIBUTION_KEY, JSON.stringify(firstTouch));
    }
  } catch {
    // Storage blocked: attribution is best effort.
  }
  function fillAttribution(form: HTMLFormElement) {
    for (const input of Array.from(form.querySelectorAll<HTMLInputElement>("input[data-attribution]"))) {
      const value = firstTouch[input.dataset.attribution ?? ""];
      if (!input.value && value) input.value = value;
    }
  }

  doc.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    for (const button of openButtons()) {
      const hadFocus = inside(button, doc.activeElement);
      setOpen(button, false);
      if (hadFocus) (button as HTMLElement).focus();
    }
  });

  doc.addEventListener("focusout", (event) => {
    const next = (event as FocusEvent).relatedTarget as Node | null;
    if (!next) return;
    for (const button of openButtons()) {
      if (inside(button, event.target as Node) && !inside(button, next)) setOpen(button, false);
    }
  });

  // First-party page view for this document load (client-side navigations are sent by React).
  const optedOut =
    navigator.doNotTrack === "1" ||
    (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
  if (!optedOut) {
    const body = JSON.stringify({
      path: location.pathname,
      title: doc.title,
      location: location.href,
      referrer: doc.referrer || null,
    });
    try {
      if (!navigator.sendBeacon("/api/page-view", new Blob([body], { type: "application/json" }))) throw new Error();
    } catch {
      fetch("/api/page-view", {
        method: "POST",
        body,
        headers: { "Content-Type": "application/json" },
        keepalive: true,
      }).catch(() => {});
    }
    // GA4 is configured with send_page_view off, so each view is sent explicitly.
    const gtag = (window as Window & { gtag?: (...args: unknown[]) => void }).gtag;
    if (typeof gtag === "function") {
      gtag("event", "page_view", { page_path: location.pathname, page_title: doc.title, page_location: location.href });
    }
  }

  // After a failed submission the page comes back with errors: move focus to them so they are
  // read out (the summary, or the form's error toast when there is no summary).
  const problem =
    doc.querySelector<HTMLElement>("[data-error-summary]") ??
    doc.querySelector<HTMLElement>("form [data-toast][role='alert']");
  if (problem) {
    problem.tabIndex = -1;
    problem.focus();
  }

  root.setAttribute("data-enhanced", "true");
}

export const enhanceScript = `(${enhancePage.toString()})();`;
