// The site as the bench finds it: which pages answer (and are measured), the menu's items, one real
// order placed through the API (for the confirmation page and the order load), a cart for the checkout.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { idempotencyKey } from "./load.ts";
import type { PageResult } from "./results.ts";
import { ROOT } from "./scratch.ts";

export type MenuItem = {
  id: number;
  name?: string;
  price?: number;
  priceCents?: number;
  inStock?: boolean;
  isAvailable?: boolean;
  category?: string;
  description?: string;
  section?: string;
  squareId?: string | null;
};

/** A one-dish cart as src/stores/cart.ts stores it: the checkout redirects to the menu without one. */
export function cartStorage(item: MenuItem | undefined): Record<string, string> | undefined {
  if (!item) return undefined;
  const line = {
    id: item.id,
    name: item.name ?? "Dish",
    price: item.priceCents ?? Math.round((item.price ?? 0) * 100),
    category: item.category ?? "",
    description: item.description ?? "",
    quantity: 1,
    squareId: item.squareId ?? null,
    section: item.section ?? "jealous-fork",
    inStock: true,
  };
  return { "jealous-fork-cart": JSON.stringify({ items: [line], deliveryFee: 0 }) };
}

/** The items of GET /api/menu, whichever of the shapes the spec allows it answers with. */
export function menuItems(body: unknown): MenuItem[] {
  const b = body as any;
  const list: any[] = Array.isArray(b) ? b : Array.isArray(b?.items) ? b.items : Array.isArray(b?.sections) ? b.sections.flatMap((s: any) => s.items ?? []) : [];
  return list.filter((item) => typeof item?.id === "number");
}

/** Each order of the load from a phone of its own (address and e-mail), as a lunch rush is: the per-client attempt limits are not what is measured. */
let orderer = 0;
export function nextCustomer(): { address: string; email: string } {
  orderer += 1;
  return { address: `10.${(orderer >> 16) & 255}.${(orderer >> 8) & 255}.${orderer & 255}`, email: `bench+${orderer}@example.com` };
}

export function orderBody(item: MenuItem, email = "bench@example.com"): string {
  const price = Math.round((item.price ?? 0) * 100);
  const tax = Math.round(price * 0.075);
  return JSON.stringify({
    items: [{ id: item.id, quantity: 1, name: item.name, price: item.price }],
    orderType: "pickup",
    customerInfo: { name: "Bench Visitor", email, phone: "305-555-0100" },
    paymentToken: "cnon:card-nonce-ok",
    subtotal: price / 100,
    tax: tax / 100,
    deliveryFee: 0,
    total: (price + tax) / 100,
  });
}

export async function probe(url: string): Promise<{ status: number; type: string; text: string; headers: Headers } | { error: string }> {
  try {
    const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(30_000) });
    return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text(), headers: res.headers };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** A page is there when it answers 200 with HTML of its own (not a fallback to the home page). */
export async function pageStatus(base: string, path: string, homeHtml: string | undefined): Promise<string | undefined> {
  const res = await probe(base + path);
  if ("error" in res) return `no answer (${res.error})`;
  if (res.status !== 200) return `answers ${res.status}`;
  if (!res.type.includes("html")) return `answers ${res.type}, not HTML`;
  if (path !== "/" && homeHtml !== undefined && res.text === homeHtml) return "falls back to the home page";
  return undefined;
}

export async function choosePages(base: string): Promise<PageResult[]> {
  const home = await probe(`${base}/`);
  const homeHtml = "text" in home ? home.text : undefined;
  const pages: PageResult[] = [];
  for (const [label, path] of [["home", "/"], ["full menu", "/full-menu"]]) pages.push({ label, path, missing: await pageStatus(base, path, homeHtml) });
  const areas: { slug: string }[] = JSON.parse(readFileSync(join(ROOT, "content", "areas.json"), "utf8"));
  const candidates = [...new Set(["south-beach", "brickell", "coral-gables", ...areas.map((a) => a.slug)])];
  let near: PageResult = { label: "near", path: `/near/${candidates[0]}`, missing: "" };
  for (const slug of candidates.slice(0, 6)) {
    const missing = await pageStatus(base, `/near/${slug}`, homeHtml);
    near = { label: "near", path: `/near/${slug}`, missing };
    if (!missing) break;
  }
  pages.push(near);
  // One dish's page (/menu/{slug}): the whole menu again, brought to that dish.
  const menu: { slug: string }[] = JSON.parse(readFileSync(join(ROOT, "content", "menu.json"), "utf8"));
  const dish = menu.find((item) => item.slug === "key-lime-pie") ?? menu[0];
  if (dish) pages.push({ label: "dish", path: `/menu/${dish.slug}`, missing: await pageStatus(base, `/menu/${dish.slug}`, homeHtml) });
  for (const path of ["/privacy", "/terms"]) pages.push({ label: path.slice(1), path, missing: await pageStatus(base, path, homeHtml) });
  pages.push({ label: "checkout", path: "/checkout", missing: await pageStatus(base, "/checkout", homeHtml) });
  // The diner's account page (signed out, as a visitor first sees it): Lighthouse's accessibility 100 holds there too.
  pages.push({ label: "account", path: "/account", missing: await pageStatus(base, "/account", homeHtml) });
  // The Spanish pages hold the same budgets: home, full menu, a neighbourhood, a dish and checkout in Spanish.
  const spanish = [["home (es)", "/es"], ["full menu (es)", "/es/full-menu"], ["near (es)", `/es${near.path}`], ...(dish ? [["dish (es)", `/es/menu/${dish.slug}`]] : []), ["checkout (es)", "/es/checkout"], ["account (es)", "/es/cuenta"]];
  for (const [label, path] of spanish) {
    pages.push({ label, path, missing: await pageStatus(base, path, homeHtml) });
  }
  return pages;
}

/** Places one real order through POST /api/orders (local sandbox gateway) so there is a confirmation page. */
export async function placeOrder(base: string, items: MenuItem[]): Promise<{ orderId?: string; item?: MenuItem; problem?: string }> {
  const candidates = items.filter((i) => i.inStock !== false && i.isAvailable !== false).slice(0, 8);
  if (!candidates.length) return { problem: "GET /api/menu gave no orderable item" };
  let problem = "";
  for (const item of candidates) {
    try {
      const res = await fetch(`${base}/api/orders`, {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": idempotencyKey(), origin: base },
        body: orderBody(item),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      if (res.status === 404 && !text.includes("{")) return { problem: "POST /api/orders is missing (404)" };
      if (res.ok) {
        const orderId = (JSON.parse(text) as { orderId?: string }).orderId;
        if (orderId) return { orderId, item };
        problem = `POST /api/orders answered ${res.status} without an orderId`;
      } else problem = `POST /api/orders answered ${res.status}: ${text.slice(0, 200)}`;
    } catch (error) {
      problem = `POST /api/orders failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  return { problem };
}
