// The owner's numbers, for staff only:
// GET /api/admin/sales?period=day|week|month&date=YYYY-MM-DD: the figures of that Miami period (default today);
// GET /api/admin/sales/orders-per-hour.svg?period=&date=: the same period's orders per hour as an SVG chart;
// GET /api/admin/sales/orders.csv?from=YYYY-MM-DD&to=YYYY-MM-DD: the orders of a date range for the accountant.
import type { Config } from "@netlify/functions";
import { restaurantTime } from "../../src/domain/hours";
import { requireOwner } from "../../src/server/staff";
import { serverNow } from "../../src/server/env";
import { InvalidRequest } from "../../src/server/platform/errors";
import { handle, json, methodNotAllowed } from "../../src/server/platform/http";
import { courierFeesByWeek } from "../../src/server/delivery";
import { ordersPerHourSvg, SALES_PERIODS, salesCsv, salesFigures, type SalesPeriod } from "../../src/server/square";

function periodOf(query: URLSearchParams): { period: SalesPeriod; date: string } {
  const period = query.get("period") ?? "day";
  if (!(SALES_PERIODS as readonly string[]).includes(period)) throw new InvalidRequest("The period must be day, week or month.");
  return { period: period as SalesPeriod, date: query.get("date") ?? restaurantTime(serverNow()).date };
}

export default handle(async (req: Request) => {
  await requireOwner(req);
  if (req.method !== "GET") return methodNotAllowed(["GET"]);
  const url = new URL(req.url);
  const query = url.searchParams;
  if (url.pathname.endsWith("/orders.csv")) {
    const today = restaurantTime(serverNow()).date;
    const from = query.get("from") ?? today;
    const to = query.get("to") ?? from;
    return new Response(await salesCsv(from, to), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="jealous-fork-orders-${from}-to-${to}.csv"`,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  }
  const { period, date } = periodOf(query);
  const figures = await salesFigures(period, date);
  if (url.pathname.endsWith("/orders-per-hour.svg")) {
    const caption = `Orders per hour, ${figures.from === figures.to ? figures.from : `${figures.from} to ${figures.to}`} (Miami time)`;
    return new Response(ordersPerHourSvg(figures.ordersPerHour, caption), {
      headers: {
        "content-type": "image/svg+xml; charset=utf-8",
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
        // Opened on its own, the picture runs nothing.
        "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
      },
    });
  }
  // The couriers' fees of the same weeks are the delivery room's figures, beside the sales.
  return json({ ...figures, courierFees: await courierFeesByWeek(figures.from, figures.to) });
});

export const config: Config = { path: ["/api/admin/sales", "/api/admin/sales/orders-per-hour.svg", "/api/admin/sales/orders.csv"] };
