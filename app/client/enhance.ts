/**
 * The small script every page carries, inlined at the end of <body>. Public pages without forms
 * are not hydrated (no React on the client: see docs/decisions/0004-no-hydration-on-static-pages.md),
 * so the header disclosures, the banner and the first page view are plain DOM code, shared by
 * hydrated pages too through event delegation.
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
  });
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

  root.setAttribute("data-enhanced", "true");
}

export const enhanceScript = `(${enhancePage.toString()})();`;
