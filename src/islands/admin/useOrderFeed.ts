// The live board's data: the unfinished paid orders, kept current by asking the server "what changed
// since" every few seconds (a 204 when nothing did), and read whole again every minute and whenever
// the connection comes back (refunds and couriers, which change other tables, catch up that way).
// A failed poll marks the board offline and keeps what it shows; the next one that answers clears it.
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../lib/api";
import type { StaffOrderView } from "./OrderRefunds";

/** How often the board asks; with the server's answer time, a new order shows within 5 s. */
const POLL_MS = 4_000;
/** How often the whole board is read again. */
const RESYNC_MS = 60_000;
const BOARD_STATUSES = new Set(["confirmed", "preparing", "ready"]);

interface Changes { cursor: string; more: boolean; orders: StaffOrderView[] }

/** The kitchen's figures the whole board carries (GET /api/admin/order-board), read again each minute. */
export interface KitchenFigures {
  today: { ready: number; onTime: number; share: number | null };
  quotes: { section: string; minutes: number; sentence: string }[];
}

export interface OrderFeed {
  orders: StaffOrderView[] | null;
  kitchen: KitchenFigures | null;
  /** Null while the connection holds; the time the first poll failed while it does not. */
  offlineSince: Date | null;
  signedOut: boolean;
  /** Replaces one order after a change made here (the next poll brings it too). */
  replace: (order: StaffOrderView) => void;
  /** Reads the whole board again now (after a change the poll does not see, e.g. a courier's). */
  resync: () => void;
}

const promised = (order: StaffOrderView) => Date.parse(order.promisedAt ?? order.createdAt);
const byPromisedTime = (a: StaffOrderView, b: StaffOrderView) => promised(a) - promised(b) || Date.parse(a.createdAt) - Date.parse(b.createdAt);

/** GET that tells 204 from JSON, and a network failure (TypeError) from a refusal (ApiError). */
async function getJson<T>(path: string): Promise<T | null> {
  const res = await fetch(path, { headers: { accept: "application/json" }, credentials: "include", cache: "no-store" });
  if (res.status === 204) return null;
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, null);
  return JSON.parse(text) as T;
}

/**
 * `onNew` hears of paid orders the board had not seen, `onArrived` of curbside diners who said "I'm
 * here" since (neither of what the first read holds).
 */
export function useOrderFeed(onNew: (orders: StaffOrderView[]) => void, onArrived?: (orders: StaffOrderView[]) => void): OrderFeed {
  const [orders, setOrders] = useState<Map<string, StaffOrderView> | null>(null);
  const [offlineSince, setOfflineSince] = useState<Date | null>(null);
  const [kitchen, setKitchen] = useState<KitchenFigures | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const cursor = useRef<string | null>(null);
  const known = useRef(new Set<string>());
  const heard = useRef(onNew);
  const heardArrivals = useRef(onArrived);
  const arrivals = useRef(new Set<string>());
  const loaded = useRef(false);
  const askNow = useRef<(whole: boolean) => void>(() => undefined);
  useEffect(() => {
    heard.current = onNew;
    heardArrivals.current = onArrived;
  }, [onNew, onArrived]);

  const merge = useCallback((changed: StaffOrderView[], whole: boolean) => {
    // The first read is the board as it stands: nothing on it is news.
    const fresh = loaded.current ? changed.filter((order) => order.status === "confirmed" && !known.current.has(order.orderId)) : [];
    const landed = loaded.current ? changed.filter((order) => order.curbside?.arrivedAt && !arrivals.current.has(order.orderId)) : [];
    loaded.current = true;
    for (const order of changed) {
      known.current.add(order.orderId);
      if (order.curbside?.arrivedAt) arrivals.current.add(order.orderId);
    }
    setOrders((current) => {
      const next = new Map(whole ? [] : (current ?? []));
      for (const order of changed) {
        if (BOARD_STATUSES.has(order.status)) next.set(order.orderId, order);
        else next.delete(order.orderId);
      }
      return next;
    });
    if (fresh.length > 0) heard.current(fresh);
    if (landed.length > 0) heardArrivals.current?.(landed);
  }, []);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastWhole = 0;
    // After a failure or when asked: the next tick reads the whole board, not only the changes.
    let readWhole = false;

    async function tick() {
      timer = undefined;
      try {
        if (cursor.current === null || readWhole || Date.now() - lastWhole >= RESYNC_MS) {
          const board = await getJson<{ cursor: string; orders: StaffOrderView[]; kitchen?: KitchenFigures }>("/api/admin/order-board");
          if (stopped || !board) return;
          setKitchen(board.kitchen ?? null);
          cursor.current = board.cursor;
          lastWhole = Date.now();
          merge(board.orders, true);
        } else {
          let more = true;
          while (more && !stopped) {
            const changes: Changes | null = await getJson<Changes>(`/api/admin/order-board/changes?since=${cursor.current}`);
            if (stopped || !changes) break;
            cursor.current = changes.cursor;
            merge(changes.orders, false);
            more = changes.more;
          }
        }
        readWhole = false;
        setOfflineSince(null);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          setSignedOut(true);
          return;
        }
        readWhole = true;
        setOfflineSince((since) => since ?? new Date());
      }
      if (!stopped) timer = setTimeout(() => void tick(), POLL_MS);
    }
    /** Back online or back on screen: ask now rather than at the next tick. */
    function now() {
      if (timer === undefined) return;
      clearTimeout(timer);
      void tick();
    }
    askNow.current = (whole) => {
      if (whole) readWhole = true;
      now();
    };
    function offline() {
      readWhole = true;
      setOfflineSince((since) => since ?? new Date());
    }
    void tick();
    addEventListener("online", now);
    addEventListener("offline", offline);
    document.addEventListener("visibilitychange", now);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      removeEventListener("online", now);
      removeEventListener("offline", offline);
      document.removeEventListener("visibilitychange", now);
    };
  }, [merge]);

  const replace = useCallback((order: StaffOrderView) => merge([order], false), [merge]);
  const resync = useCallback(() => askNow.current(true), []);
  return { orders: orders && [...orders.values()].sort(byPromisedTime), kitchen, offlineSince, signedOut, replace, resync };
}
