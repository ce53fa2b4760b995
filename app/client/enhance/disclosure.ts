// WAI-ARIA disclosure pattern; opening one closes the others.
const TOGGLE = "[data-disclosure]";
const OPEN = "[data-disclosure][aria-expanded='true']";

function panelOf(button: Element): HTMLElement | null {
  return button.ownerDocument.getElementById(button.getAttribute("aria-controls") ?? "");
}

/** Not `hidden`: the navigation is a panel on phones only. */
function setOpen(button: Element, open: boolean): void {
  button.setAttribute("aria-expanded", String(open));
  panelOf(button)?.toggleAttribute("data-open", open);
}

function openButtons(doc: Document): Element[] {
  return Array.from(doc.querySelectorAll(OPEN));
}

function inside(button: Element, node: Node | null): boolean {
  if (!node) return false;
  const wrapper = button.closest("[data-disclosure-root]") ?? button.parentElement;
  return Boolean(wrapper?.contains(node) || panelOf(button)?.contains(node));
}

export function installDisclosures(doc: Document): void {
  doc.addEventListener("click", (event) => {
    const target = event.target as Element | null;
    if (!target?.closest) return;
    const toggle = target.closest(TOGGLE);
    if (toggle) {
      const open = toggle.getAttribute("aria-expanded") !== "true";
      for (const button of openButtons(doc)) if (button !== toggle) setOpen(button, false);
      setOpen(toggle, open);
      return;
    }
    for (const button of openButtons(doc)) {
      if (!inside(button, target) || target.closest("a")) setOpen(button, false);
    }
  });

  doc.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    for (const button of openButtons(doc)) {
      const hadFocus = inside(button, doc.activeElement);
      setOpen(button, false);
      if (hadFocus) (button as HTMLElement).focus();
    }
  });

  doc.addEventListener("focusout", (event) => {
    const next = (event as FocusEvent).relatedTarget as Node | null;
    if (!next) return;
    for (const button of openButtons(doc)) {
      if (inside(button, event.target as Node) && !inside(button, next)) setOpen(button, false);
    }
  });
}
