// The full menu's small DOM helpers: look-ups under a root, and writes made only when they change a
// thing (a write of the same value still makes the page restyle), and the page's words with "{name}"s filled.
export const $ = <T extends Element = HTMLElement>(root: ParentNode, selector: string) => root.querySelector<T>(selector);
export const $$ = <T extends Element = HTMLElement>(root: ParentNode, selector: string) => [...root.querySelectorAll<T>(selector)];

/** One of the page's words with its "{name}"s filled in (a value is never read as a replacement pattern). */
export const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key]));

export function setText(element: Element | null, text: string): void {
  if (element && element.textContent !== text) element.textContent = text;
}

/** Sets (or, with null, removes) an attribute only when it changes: a write of the same value still makes the page restyle. */
export function setAttribute(element: Element, name: string, value: string | null): void {
  if (element.getAttribute(name) === value) return;
  if (value === null) element.removeAttribute(name);
  else element.setAttribute(name, value);
}
