// The owner's numbers for a Miami day, week (Monday to Sunday) or month: orders, revenue, tax, tips and
// refunds, average ticket, pickup against delivery, orders per hour and the top dishes; and the orders
// of a date range as CSV for the accountant. Paid orders only; a cancelled order counts apart.
import { RESTAURANT_TIME_ZONE } from "../../domain/hours";
import { formatAmount } from "../../domain/money";
import { ORDER_STATUSES } from "../../domain/orderReadModel";
import { db } from "../platform/database";
import { sql } from "../platform/sql";
import { SALES_PERIODS, type SalesFigures, type SalesPeriod } from "../../domain/sales";
import { InvalidRequest } from "../platform/errors";
import { BRAND_COLORS, BRAND_FONTS } from "../../domain/brandColors";
export { SALES_PERIODS, type SalesFigures, type SalesPeriod };

/** The longest range one CSV export covers. */
export const CSV_MAX_DAYS = 366;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function parseDate(text: string, name: string): Date {
  const date = new Date(`${text}T00:00:00Z`);
  if (!DATE.test(text) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
    throw new InvalidRequest(`The ${name} must be a date written YYYY-MM-DD.`);
  }
  return date;
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

/** The Miami dates (first and last, inclusive) of the day, week or month holding `date`. */
export function periodRange(period: SalesPeriod, date: string): { from: string; to: string } {
  const day = parseDate(date, "date");
  if (period === "day") return { from: date, to: date };
  if (period === "week") {
    const monday = addDays(day, -((day.getUTCDay() + 6) % 7));
    return { from: iso(monday), to: iso(addDays(monday, 6)) };
  }
  const first = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));
  const last = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0));
  return { from: iso(first), to: iso(last) };
}

const PAID = [...ORDER_STATUSES].filter((status) => status !== "cancelled");
const dollars = (cents: number | string | null | undefined) => Number(cents ?? 0) / 100;

export async function salesFigures(period: SalesPeriod, date: string): Promise<SalesFigures> {
  const { from, to } = periodRange(period, date);
  const totals = await db.one<Record<string, number>>(sql`
    SELECT count(*) FILTER (WHERE status = ANY(${PAID}::text[]))::int AS orders,
           count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled,
           coalesce(sum(total_cents) FILTER (WHERE status = ANY(${PAID}::text[])), 0)::int AS revenue,
           coalesce(sum(tax_cents) FILTER (WHERE status = ANY(${PAID}::text[])), 0)::int AS tax,
           coalesce(sum(delivery_fee_cents) FILTER (WHERE status = ANY(${PAID}::text[])), 0)::int AS fees,
           coalesce(sum(tip_cents) FILTER (WHERE status = ANY(${PAID}::text[])), 0)::int AS tips,
           count(*) FILTER (WHERE status = ANY(${PAID}::text[]) AND order_type = 'pickup')::int AS pickup_orders,
           coalesce(sum(total_cents) FILTER (WHERE status = ANY(${PAID}::text[]) AND order_type = 'pickup'), 0)::int AS pickup_revenue,
           count(*) FILTER (WHERE status = ANY(${PAID}::text[]) AND order_type = 'delivery')::int AS delivery_orders,
           coalesce(sum(total_cents) FILTER (WHERE status = ANY(${PAID}::text[]) AND order_type = 'delivery'), 0)::int AS delivery_revenue,
           coalesce(sum(refunded_cents) FILTER (WHERE status = ANY(${PAID}::text[])), 0)::int AS refunds
    FROM orders WHERE miami_date BETWEEN ${from}::date AND ${to}::date`);
  const hours = await db.all<{ hour: number; orders: number }>(sql`
    SELECT extract(hour FROM created_at AT TIME ZONE ${RESTAURANT_TIME_ZONE})::int AS hour, count(*)::int AS orders
    FROM orders WHERE miami_date BETWEEN ${from}::date AND ${to}::date AND status = ANY(${PAID}::text[])
    GROUP BY 1`);
  const dishes = await db.all<{ name: string; quantity: number; revenue: number }>(sql`
    SELECT l.name, sum(l.quantity)::int AS quantity, sum(l.quantity * l.unit_price_cents)::int AS revenue
    FROM order_lines l JOIN orders o ON o.id = l.order_id
    WHERE o.miami_date BETWEEN ${from}::date AND ${to}::date AND o.status = ANY(${PAID}::text[])
    GROUP BY l.name ORDER BY quantity DESC, revenue DESC, l.name LIMIT 5`);
  const t = totals ?? {};
  const ordersPerHour = Array.from({ length: 24 }, () => 0);
  for (const row of hours) ordersPerHour[row.hour] = row.orders;
  const orders = t.orders ?? 0;
  return {
    period,
    from,
    to,
    orders,
    cancelled: t.cancelled ?? 0,
    revenue: dollars(t.revenue),
    tax: dollars(t.tax),
    deliveryFees: dollars(t.fees),
    tips: dollars(t.tips),
    refunds: dollars(t.refunds),
    net: dollars((t.revenue ?? 0) + (t.tips ?? 0) - (t.refunds ?? 0)),
    averageTicket: orders > 0 ? dollars(Math.round((t.revenue ?? 0) / orders)) : 0,
    byType: {
      pickup: { orders: t.pickup_orders ?? 0, revenue: dollars(t.pickup_revenue) },
      delivery: { orders: t.delivery_orders ?? 0, revenue: dollars(t.delivery_revenue) },
    },
    ordersPerHour,
    topDishes: dishes.map((dish) => ({ name: dish.name, quantity: dish.quantity, revenue: dollars(dish.revenue) })),
  };
}

/** A CSV field: quoted when needed, and never read as a formula by a spreadsheet. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const CSV_HEADER = [
  "Date",
  "Time",
  "Order number",
  "Status",
  "Type",
  "Customer",
  "Subtotal",
  "Tax",
  "Delivery fee",
  "Tip",
  "Total charged",
  "Refunded",
  "Net",
  "Square payment id",
  "Courier",
  "Courier fee paid",
];

/** The paid orders (cancelled ones included) placed from `from` to `to` (Miami dates, inclusive), oldest first, as CSV. */
export async function salesCsv(from: string, to: string): Promise<string> {
  const start = parseDate(from, "first date");
  const end = parseDate(to, "last date");
  if (end < start) throw new InvalidRequest("The last date comes before the first.");
  if ((end.getTime() - start.getTime()) / 86_400_000 >= CSV_MAX_DAYS) {
    throw new InvalidRequest(`One export covers at most ${CSV_MAX_DAYS} days.`);
  }
  const rows = await db.all<{
    miami_date: string;
    time: string;
    order_number: string;
    status: string;
    order_type: string;
    customer_name: string;
    subtotal_cents: number;
    tax_cents: number;
    delivery_fee_cents: number;
    tip_cents: number;
    total_cents: number;
    refunded_cents: number;
    payment_id: string | null;
    courier: string | null;
    courier_fee_cents: number | null;
  }>(sql`
    SELECT to_char(miami_date, 'YYYY-MM-DD') AS miami_date,
           to_char(created_at AT TIME ZONE ${RESTAURANT_TIME_ZONE}, 'HH24:MI') AS time,
           order_number, status, order_type, customer_name, subtotal_cents, tax_cents, delivery_fee_cents, tip_cents,
           total_cents, refunded_cents, payment_id,
           CASE WHEN courier_dispatched_at IS NOT NULL THEN courier_provider END AS courier,
           CASE WHEN courier_dispatched_at IS NOT NULL THEN courier_paid_cents END AS courier_fee_cents
    FROM orders LEFT JOIN (
      SELECT order_id AS courier_order_id, provider AS courier_provider, courier_fee_cents AS courier_paid_cents,
             dispatched_at AS courier_dispatched_at FROM courier_deliveries) courier ON courier_order_id = orders.id
    WHERE miami_date BETWEEN ${from}::date AND ${to}::date AND status = ANY(${[...ORDER_STATUSES]}::text[])
    ORDER BY created_at, order_number`);
  const lines = [CSV_HEADER.join(",")];
  for (const row of rows) {
    const charged = row.total_cents + row.tip_cents;
    lines.push(
      [
        row.miami_date,
        row.time,
        row.order_number,
        row.status,
        row.order_type,
        csvField(row.customer_name),
        formatAmount(row.subtotal_cents),
        formatAmount(row.tax_cents),
        formatAmount(row.delivery_fee_cents),
        formatAmount(row.tip_cents),
        formatAmount(charged),
        formatAmount(row.refunded_cents),
        formatAmount(charged - row.refunded_cents),
        csvField(row.payment_id ?? ""),
        row.courier === "doordash" ? "DoorDash" : "",
        row.courier_fee_cents === null ? "" : formatAmount(row.courier_fee_cents),
      ].join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

/**
 * Orders per hour as an SVG bar chart, drawn here so no chart library reaches any page: 24 bars, the
 * hours labelled every three, a title and a description that say the same for a screen reader.
 */
export function ordersPerHourSvg(ordersPerHour: readonly number[], caption: string): string {
  const width = 720;
  const height = 240;
  const left = 36;
  const bottom = 28;
  const top = 16;
  const plotHeight = height - top - bottom;
  const barSlot = (width - left - 8) / 24;
  const highest = Math.max(1, ...ordersPerHour);
  const step = Math.max(1, Math.ceil(highest / 4));
  const busiest = ordersPerHour.indexOf(Math.max(...ordersPerHour));
  const total = ordersPerHour.reduce((sum, n) => sum + n, 0);
  const hourLabel = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12}${hour < 12 ? "a" : "p"}`;
  const description =
    total === 0 ? "No orders in this period." : `${total} orders; the busiest hour starts at ${hourLabel(busiest)}m with ${ordersPerHour[busiest]}.`;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="t d">`,
    `<title id="t">${escapeXml(caption)}</title><desc id="d">${escapeXml(description)}</desc>`,
    `<style>text{font:12px ${BRAND_FONTS.text};fill:${BRAND_COLORS.text}}.bar{fill:${BRAND_COLORS.honey}}.grid{stroke:${BRAND_COLORS.line}}</style>`,
  ];
  for (let value = 0; value <= highest; value += step) {
    const y = top + plotHeight - (value / highest) * plotHeight;
    parts.push(`<line class="grid" x1="${left}" x2="${width - 8}" y1="${y.toFixed(1)}" y2="${y.toFixed(1)}"/>`);
    parts.push(`<text x="${left - 6}" y="${(y + 4).toFixed(1)}" text-anchor="end">${value}</text>`);
  }
  ordersPerHour.forEach((count, hour) => {
    const x = left + hour * barSlot + 2;
    const barHeight = (count / highest) * plotHeight;
    if (count > 0) {
      parts.push(
        `<rect class="bar" x="${x.toFixed(1)}" y="${(top + plotHeight - barHeight).toFixed(1)}" width="${(barSlot - 4).toFixed(1)}" height="${barHeight.toFixed(1)}"><title>${hourLabel(hour)}m: ${count}</title></rect>`,
      );
    }
    if (hour % 3 === 0) parts.push(`<text x="${(x + (barSlot - 4) / 2).toFixed(1)}" y="${height - 10}" text-anchor="middle">${hourLabel(hour)}</text>`);
  });
  parts.push("</svg>");
  return parts.join("");
}
