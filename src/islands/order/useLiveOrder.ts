// Keeps the confirmation's order fresh while the page is open: asks GET /api/orders/{id} again soon after
// each answer, later each time nothing changed, at once when the tab is shown again; an unknown order
// says so and goes home. Shows the success toast the checkout left behind, once.
import { useEffect, useState } from "react";
import type { OrderView } from "../../domain/orderReadModel";
import type { Locale } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { orderWords } from "../../domain/i18n/ui/order";
import { ApiError, apiRequest } from "../../lib/api";
import { ORDER_PLACED_FLASH_KEY } from "../../lib/orderPlacedFlash";
import { rememberLastOrder } from "../../lib/lastOrder";
import { toast, TOAST_DURATION_MS } from "../../stores/toasts";
import { LIVE_REFRESH_MS, liveState, nextRefreshDelay, type Words } from "./orderStatus";

/** Long enough to read the 'Order Not Found' toast before going home. */
const NOT_FOUND_REDIRECT_MS = 3_000;

/** Shows the success toast the checkout left behind for this order, once. */
function showPlacedToast(orderId: string, t: Words): void {
  try {
    const flash = JSON.parse(sessionStorage.getItem(ORDER_PLACED_FLASH_KEY) ?? "null") as { orderId?: string; orderNumber?: string } | null;
    if (flash?.orderId !== orderId) return;
    // Forgotten once it has been on screen, so a reload moments later (or the dev server's) shows it again.
    setTimeout(() => sessionStorage.removeItem(ORDER_PLACED_FLASH_KEY), TOAST_DURATION_MS);
    toast({ title: t("placed.title"), description: t("placed.text", flash.orderNumber ?? orderId) });
  } catch {
    // No session storage, no toast: the banner says the same.
  }
}

/**
 * The order as last read: the page's copy first (`initialOrder`; null when there is no such order,
 * undefined when the page could not read it, so it is loaded here).
 */
export function useLiveOrder(orderId: string, initialOrder: OrderView | null | undefined, home: string, locale: Locale): OrderView | null {
  const [order, setOrder] = useState<OrderView | null>(initialOrder ?? null);

  // This device's last order: the header's menu offers "Your order" on every page from now on.
  const orderNumber = order?.orderNumber;
  useEffect(() => {
    if (orderNumber) rememberLastOrder({ orderId, orderNumber });
  }, [orderId, orderNumber]);

  // The page's language and home do not change while it is open: the order and its first copy start it.
  useEffect(() => {
    const t = translator(orderWords, locale);
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const goHome = () => {
      toast({ title: t("notFound.title"), description: t("notFound.text"), variant: "destructive" });
      timer = setTimeout(() => window.location.assign(home), NOT_FOUND_REDIRECT_MS);
    };
    let lastDelay: number | null = null;
    let shown = initialOrder ? liveState(initialOrder) : "";
    const refreshLater = (delay: number | null) => {
      clearTimeout(timer);
      timer = undefined;
      lastDelay = delay;
      if (delay !== null) timer = setTimeout(() => void load(false), delay);
    };
    // Back on the page (the phone unlocked, the tab shown again): ask at once rather than at the next tick.
    const onVisible = () => {
      if (document.visibilityState === "visible" && timer !== undefined) void load(false);
    };
    document.addEventListener("visibilitychange", onVisible);
    const load = async (first: boolean) => {
      clearTimeout(timer);
      try {
        const answer = await apiRequest<OrderView>(`/api/orders/${encodeURIComponent(orderId)}`);
        if (!live) return;
        const state = liveState(answer);
        const changed = state !== shown;
        shown = state;
        setOrder(answer);
        // With the order on screen, so the toast is not gone before the page has anything to show.
        if (first) showPlacedToast(orderId, t);
        refreshLater(nextRefreshDelay(answer, lastDelay, changed));
      } catch (error) {
        if (!live) return;
        if (first || (error instanceof ApiError && error.status === 404)) goHome();
        // A refresh that failed (offline for a moment) keeps the last status and tries again, later each time.
        else refreshLater(Math.min(LIVE_REFRESH_MS.max, Math.round((lastDelay ?? LIVE_REFRESH_MS.first) * LIVE_REFRESH_MS.factor)));
      }
    };
    if (initialOrder === undefined) {
      // The server could not read the order: load it as the page did before it was rendered there.
      void load(true);
    } else if (initialOrder === null) {
      goHome();
    } else {
      // The server's copy is as fresh as this page: the first refresh is due one interval from now.
      showPlacedToast(orderId, t);
      refreshLater(nextRefreshDelay(initialOrder, null, false));
    }
    return () => {
      live = false;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [orderId, initialOrder, home, locale]);

  return order;
}
