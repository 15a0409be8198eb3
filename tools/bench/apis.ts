// The APIs under load: the menu and featured items (GET), and orders (POST, each from a phone of its own),
// at 1 and 20 clients, on the local router.
import type { BenchTools } from "./tools.ts";
import { idempotencyKey, runLoad, type LoadBound, type LoadTarget } from "./load.ts";
import type { ApiResult } from "./results.ts";
import { nextCustomer, orderBody, probe, type MenuItem } from "./site.ts";

/** The promo code check's figure, judged against BUDGETS.offerCheckMs (tools/bench/verdicts.ts). */
export const OFFER_CHECK = "POST /api/offers/check (a code that is no offer: 422)";

async function loadApi(log: (line: string) => void, tools: BenchTools, base: string, server: ApiResult["server"], target: LoadTarget, bound: (connections: number) => LoadBound): Promise<ApiResult> {
  const api: ApiResult = { name: target.name, server, levels: [] };
  if (target.method === "GET") {
    const warm = await probe(base + target.path);
    if ("error" in warm) api.missing = `no answer (${warm.error})`;
    else if (warm.status === 404) api.missing = "missing (404)";
    else {
      api.cacheControl = warm.headers.get("cache-control") ?? undefined;
      api.cdnCacheControl = warm.headers.get("netlify-cdn-cache-control") ?? undefined;
    }
  }
  if (api.missing) return api;
  for (const connections of [1, 20]) {
    const b = bound(connections);
    log(`Load ${target.name} on ${server}, ${connections} client(s), ${"seconds" in b ? `${b.seconds} s` : `${b.amount} requests`}`);
    api.levels.push(await runLoad(tools, base, target, connections, b));
  }
  return api;
}

/** Each API at 1 and 20 clients for `seconds`; orders reuse the dish of the order placed before (none placed: not measured). */
export async function loadApis(log: (line: string) => void, tools: BenchTools, base: string, order: { item?: MenuItem; problem?: string }, seconds: number): Promise<ApiResult[]> {
  const item = order.item;
  const orders: LoadTarget | undefined = item && {
    name: "POST /api/orders",
    method: "POST",
    path: "/api/orders",
    next: () => {
      const customer = nextCustomer();
      return {
        body: orderBody(item, customer.email),
        headers: { "content-type": "application/json", "idempotency-key": idempotencyKey(), origin: base, "x-nf-client-connection-ip": customer.address },
      };
    },
  };
  // A promo code checked for the cart (a code that is no offer: the guesser's path, 422 each time), each
  // from a network of its own so the 10 tries per network never answer 429 instead.
  const offerCheck: LoadTarget | undefined = item && {
    name: OFFER_CHECK,
    method: "POST",
    path: "/api/offers/check",
    next: () => ({
      body: JSON.stringify({ code: "NOSUCHCODE", items: [{ id: item.id, quantity: 1 }] }),
      headers: { "content-type": "application/json", origin: base, "x-nf-client-connection-ip": nextCustomer().address },
    }),
  };
  const targets = [{ name: "GET /api/menu", method: "GET", path: "/api/menu" } as LoadTarget, { name: "GET /api/featured-items", method: "GET", path: "/api/featured-items" } as LoadTarget, orders, offerCheck].filter((t): t is LoadTarget => Boolean(t));
  const apis: ApiResult[] = [];
  for (const target of targets) apis.push(await loadApi(log, tools, base, "local router", target, () => ({ seconds })));
  if (!item) apis.push({ name: "POST /api/orders", server: "local router", missing: order.problem, levels: [] });
  return apis;
}
