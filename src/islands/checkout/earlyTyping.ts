// The checkout is rendered on the server too: its fields are in the page's HTML and take typing on a slow
// phone before the scripts arrive. What they hold then (or what the browser's autofill put there without
// an input event) never reached the form's values: it is read from the page as the island wakes, and
// again at Continue, so the name, e-mail and phone typed early are the ones used.
import { useLayoutEffect } from "react";
import type { OrderType } from "../../domain/orderReadModel";
import type { Details } from "./DetailsStep";

/** The fields the page marks with data-checkout-field (src/islands/checkout/Field.tsx) whose text is a detail. */
const TYPED_FIELDS = ["name", "email", "phone", "address", "unit", "zipCode", "orderNote"] as const satisfies readonly (keyof Details)[];

type Typed = Partial<Pick<Details, (typeof TYPED_FIELDS)[number]>>;

const page = (): ParentNode | null => (typeof document === "undefined" ? null : document);

/** What the checkout's fields on the page hold that differs from `details` (nothing on the server). */
export function typedOnPage(details: Details, root: ParentNode | null = page()): Typed {
  const found: Typed = {};
  if (!root) return found;
  for (const field of TYPED_FIELDS) {
    const element = root.querySelector(`[data-checkout-field="${field}"]`);
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) continue;
    if (element.value !== (details[field] ?? "")) found[field] = element.value;
  }
  return found;
}

const checked = (root: ParentNode | null, name: string) => root?.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)?.value;

/** Pickup or delivery as the page's radio buttons say, when one was chosen before the scripts ran. */
export function chosenOnPage(root: ParentNode | null = page()): OrderType | undefined {
  const value = checked(root, "orderType");
  return value === "pickup" || value === "delivery" ? value : undefined;
}

/** The tip and curbside choices the page holds that differ from `details` (picked before the scripts ran). */
export function pickedOnPage(details: Details, root: ParentNode | null = page()): Partial<Pick<Details, "tip" | "curbside">> {
  const picked: Partial<Pick<Details, "tip" | "curbside">> = {};
  const tip = checked(root, "tip");
  if (tip && tip !== details.tip) picked.tip = tip;
  const curbside = root?.querySelector<HTMLInputElement>('input[type="checkbox"][name="curbside"]');
  if (curbside && curbside.checked !== (details.curbside === "yes")) picked.curbside = curbside.checked ? "yes" : "";
  return picked;
}

/** Once, as the island wakes: what was typed and chosen in the server's HTML becomes the form's values. */
export function useEarlyTyping(details: Details, setDetails: (change: (current: Details) => Details) => void, orderType: OrderType, setOrderType: (type: OrderType) => void): void {
  useLayoutEffect(() => {
    const typed = { ...typedOnPage(details), ...pickedOnPage(details) };
    if (Object.keys(typed).length) setDetails((current) => ({ ...current, ...typed }));
    const chosen = chosenOnPage();
    if (chosen && chosen !== orderType) setOrderType(chosen);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once: later typing reaches the form through its change events
  }, []);
}
