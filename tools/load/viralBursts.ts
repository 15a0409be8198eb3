// The viral hour's attempts: checkout requests as browsers send them (a burger or two for a chosen time
// in the evening's busiest hours, each from a client network of its own), fired in bursts of 50 at once
// with autocannon, each answer's status and latency kept.
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";

/** Friday 6 PM in Miami: Jealous Burger serves 5-9 PM. */
export const FRIDAY_EVENING = "2026-11-20T18:00:00-05:00";

/** Burgers and sides with no option to choose (content/menu.json), as the cart sends them. */
const DISHES = [
  { id: 25, name: "Hummus & Roasted Flat Bread", price: 15 },
  { id: 26, name: "Smoked Burrata", price: 16 },
  { id: 27, name: "Jalapeño Poppers", price: 14 },
  { id: 29, name: "Classic French Fries", price: 5 },
  { id: 33, name: "Jesse James", price: 16 },
  { id: 42, name: "Key Lime Pie", price: 11 },
];

/** The times people pick: every quarter hour from 6:30 to 8:15 PM (eight slots). */
export const EVENING_SLOTS = Array.from({ length: 8 }, (_, index) => {
  const minutes = 30 + index * 15;
  return `2026-11-20T${String(18 + Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}:00-05:00`;
});

/** The run's warm-up orders go to 8:45 PM, after the measured times. */
export const WARM_UP_SLOT = "2026-11-20T20:45:00-05:00";

export interface Attempt {
  key: string;
  body: string;
  /** The client network Netlify's edge reports (the site limits attempts per network). */
  client: string;
}

/** `count` attempts, each a new checkout with its own key; 20 per client network (the limit is 30 in 10 minutes). */
export function attempts(count: number): Attempt[] {
  return Array.from({ length: count }, (_, index) => {
    const dish = DISHES[index % DISHES.length]!;
    const second = DISHES[(index * 7 + 3) % DISHES.length]!;
    const items = index % 3 === 0 ? [{ ...dish, quantity: 1 }, { ...second, quantity: 1 }] : [{ ...dish, quantity: 1 + (index % 2) }];
    const network = Math.floor(index / 20);
    return {
      key: randomUUID(),
      client: `10.${(network >> 8) & 255}.${network & 255}.${1 + (index % 20)}`,
      body: JSON.stringify({
        items: items.filter((item, position) => position === 0 || item.id !== items[0]!.id),
        orderType: "pickup",
        slot: EVENING_SLOTS[(index * 5) % EVENING_SLOTS.length],
        customerInfo: { name: `Guest ${index}`, email: `guest${index}@example.com`, phone: "(305) 555-0142" },
        paymentToken: "cnon:card-nonce-ok",
      }),
    };
  });
}

/** autocannon does not say which request an answer belongs to: statuses and latencies are what count here, and the stored records are checked against Square's (./viralChecks.ts). */
export interface Answer {
  status: number;
  ms: number;
}

/** Sends `batch` all at once (one connection each) to POST /api/orders and answers each status and latency. */
export async function burst(url: string, batch: readonly Attempt[]): Promise<Answer[]> {
  let next = 0;
  const answers: Answer[] = [];
  let finished!: (error: unknown) => void;
  const done = new Promise((resolve, reject) => (finished = (error) => (error ? reject(error) : resolve(undefined))));
  // With a callback autocannon answers its instance, whose events carry each answer's status and time.
  const instance = autocannon({
    url,
    connections: batch.length,
    amount: batch.length,
    timeout: 60,
    requests: [
      {
        method: "POST",
        path: "/api/orders",
        setupRequest: (request) => {
          const attempt = batch[next++ % batch.length]!;
          return {
            ...request,
            headers: { "content-type": "application/json", "idempotency-key": attempt.key, "x-nf-client-connection-ip": attempt.client },
            body: attempt.body,
          };
        },
      },
    ],
  }, (error) => finished(error));
  instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => answers.push({ status, ms }));
  await done;
  return answers;
}

/** The value below which `share` of the sorted values fall. */
export function percentile(values: readonly number[], share: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}
