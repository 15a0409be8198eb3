// The "View order" bar's behaviour (src/components/CartBar.astro), loaded by the cart button's script only
// once the cart holds a dish or a link's code (a first visit loads none of it): "View order · 2 · $31.25",
// the dish just added, and "WELCOME5 will be applied at checkout", all read from the browser's storage.
import { formatPrice } from "../domain/money";
import { ADDED_EVENT } from "./addButtonsLater";
import { $cart, $cartCount, $cartTotals, setOpen } from "../stores/cart";
import { $promoCode } from "../stores/promoCode";

/** How long "Pancakes added to your order" stays in the bar after the add. */
const ADDED_SHOWN_MS = 4000;

/** Takes over the page's bar; `afterAdd` when an add on this page filled the cart (its dish is then said). */
export function startCartBar(afterAdd: boolean): void {
  const bar = document.querySelector<HTMLElement>("cart-bar");
  if (!bar || bar.dataset.started !== undefined) return;
  bar.dataset.started = "";
  const button = bar.querySelector("button")!;
  const added = bar.querySelector<HTMLElement>("[data-cart-added]")!;
  const code = bar.querySelector<HTMLElement>("[data-cart-code]")!;
  button.addEventListener("click", () => setOpen(true));
  const show = () => {
    const count = $cartCount.get();
    const linked = $promoCode.get();
    bar.hidden = count === 0 && !linked;
    button.hidden = count === 0;
    document.body.classList.toggle("cart-bar", !bar.hidden);
    button.textContent = bar.dataset.view!.replace("{n}", String(count)).replace("{total}", formatPrice($cartTotals.get().total));
    code.textContent = linked ? bar.dataset.code!.replace("{code}", linked) : "";
  };
  $cartTotals.subscribe(show);
  $promoCode.listen(show);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const say = (name: string) => {
    added.textContent = bar.dataset.added!.replace("{name}", name);
    added.hidden = false;
    clearTimeout(timer);
    timer = setTimeout(() => (added.hidden = true), ADDED_SHOWN_MS);
  };
  document.addEventListener(ADDED_EVENT, (event) => say((event as CustomEvent<{ name: string }>).detail.name));
  const justAdded = afterAdd ? $cart.get().items.at(-1)?.name : undefined;
  if (justAdded) say(justAdded);
}
