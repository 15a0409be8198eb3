// The Sales tab: the owner's numbers for a Miami day, week or month (orders, revenue, tips, refunds,
// average ticket, pickup against delivery, top dishes), orders per hour as a picture the server draws
// (SVG: no chart library reaches any page), and a CSV of a date range's orders for the accountant.
import { useEffect, useId, useState } from "react";
import { apiRequest } from "../../lib/api";
import { failed, inputClass, money, secondaryButton } from "./shared";
import type { SalesFigures, SalesPeriod } from "../../domain/sales";
import { CourierFees } from "./CourierFees";

type Period = SalesPeriod;

const hourLabel = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? "AM" : "PM"}`;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-3">
      <dt className="text-sm text-stone-700">{label}</dt>
      <dd className="text-xl font-bold">{value}</dd>
    </div>
  );
}

export function SalesTab() {
  const id = useId();
  const [period, setPeriod] = useState<Period>("day");
  const [date, setDate] = useState("");
  const [figures, setFigures] = useState<SalesFigures | null>(null);
  const [csvFrom, setCsvFrom] = useState("");
  const [csvTo, setCsvTo] = useState("");

  useEffect(() => {
    const query = new URLSearchParams({ period, ...(date ? { date } : {}) });
    apiRequest<SalesFigures>(`/api/admin/sales?${query}`)
      .then((answer) => {
        setFigures(answer);
        // The server knows Miami's today: the pickers start from its answer.
        if (!date) setDate(answer.to);
        if (!csvFrom) {
          setCsvFrom(answer.from);
          setCsvTo(answer.to);
        }
      })
      .catch((error) => failed("Could not load the sales figures", error));
    // csvFrom is only seeded once from the first answer.
  }, [period, date]); // eslint-disable-line react-hooks/exhaustive-deps

  const range = figures ? (figures.from === figures.to ? figures.from : `${figures.from} to ${figures.to}`) : "";
  const busiest = figures ? figures.ordersPerHour.indexOf(Math.max(...figures.ordersPerHour)) : -1;
  const chartQuery = figures ? new URLSearchParams({ period: figures.period, date: date || figures.to }).toString() : "";

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={`${id}-period`} className="text-sm font-medium">Period</label>
          <select id={`${id}-period`} className={inputClass} value={period} onChange={(event) => setPeriod(event.target.value as Period)}>
            <option value="day">Day</option>
            <option value="week">Week (Monday to Sunday)</option>
            <option value="month">Month</option>
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-date`} className="text-sm font-medium">Date (Miami)</label>
          <input id={`${id}-date`} type="date" className={inputClass} value={date} onChange={(event) => setDate(event.target.value)} />
        </div>
      </div>
      {!figures && <p role="status">Loading the sales figures...</p>}
      {figures && (
        <>
          <h3 className="text-lg font-semibold">Sales of {range}</h3>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Figure label="Orders" value={String(figures.orders)} />
            <Figure label="Revenue" value={money(figures.revenue)} />
            <Figure label="Tips" value={money(figures.tips)} />
            <Figure label="Refunds" value={money(figures.refunds)} />
            <Figure label="Net (revenue + tips - refunds)" value={money(figures.net)} />
            <Figure label="Average ticket" value={money(figures.averageTicket)} />
            <Figure label="Pickup" value={`${figures.byType.pickup.orders} · ${money(figures.byType.pickup.revenue)}`} />
            <Figure label="Delivery" value={`${figures.byType.delivery.orders} · ${money(figures.byType.delivery.revenue)}`} />
          </dl>
          <p className="text-sm text-stone-700">
            Tax collected {money(figures.tax)}, delivery fees {money(figures.deliveryFees)}. Cancelled orders (not counted above): {figures.cancelled}.
          </p>
          <CourierFees weeks={figures.courierFees ?? []} />
          <figure className="rounded-lg border border-stone-200 bg-white p-3">
            <img
              src={`/api/admin/sales/orders-per-hour.svg?${chartQuery}`}
              width={720}
              height={240}
              className="h-auto max-w-full"
              alt={
                figures.orders === 0
                  ? "Orders per hour: no orders in this period."
                  : `Orders per hour: the busiest hour starts at ${hourLabel(busiest)} with ${figures.ordersPerHour[busiest]} orders.`
              }
            />
            <figcaption className="text-sm text-stone-700">Orders per hour (Miami time)</figcaption>
            <details className="mt-2 text-sm">
              <summary>The same as a table</summary>
              <table className="mt-1">
                <thead>
                  <tr><th scope="col" className="pr-4 text-left">Hour</th><th scope="col" className="text-right">Orders</th></tr>
                </thead>
                <tbody>
                  {figures.ordersPerHour.map((count, hour) =>
                    count > 0 ? (
                      <tr key={hour}><td className="pr-4">{hourLabel(hour)}</td><td className="text-right">{count}</td></tr>
                    ) : null,
                  )}
                </tbody>
              </table>
            </details>
          </figure>
          <section aria-labelledby={`${id}-top`}>
            <h3 id={`${id}-top`} className="text-lg font-semibold">Top dishes</h3>
            {figures.topDishes.length === 0 ? (
              <p>No dishes sold in this period.</p>
            ) : (
              <table className="text-sm">
                <thead>
                  <tr><th scope="col" className="pr-6 text-left">Dish</th><th scope="col" className="pr-6 text-right">Sold</th><th scope="col" className="text-right">Revenue</th></tr>
                </thead>
                <tbody>
                  {figures.topDishes.map((dish) => (
                    <tr key={dish.name}>
                      <td className="pr-6">{dish.name}</td>
                      <td className="pr-6 text-right">{dish.quantity}</td>
                      <td className="text-right">{money(dish.revenue)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
      <section aria-labelledby={`${id}-csv`} className="rounded-lg border border-stone-200 bg-white p-3">
        <h3 id={`${id}-csv`} className="text-lg font-semibold">Orders for the accountant (CSV)</h3>
        <div className="flex flex-wrap items-end gap-4">
          <div>
            <label htmlFor={`${id}-from`} className="text-sm font-medium">From</label>
            <input id={`${id}-from`} type="date" className={inputClass} value={csvFrom} onChange={(event) => setCsvFrom(event.target.value)} />
          </div>
          <div>
            <label htmlFor={`${id}-to`} className="text-sm font-medium">To</label>
            <input id={`${id}-to`} type="date" className={inputClass} value={csvTo} onChange={(event) => setCsvTo(event.target.value)} />
          </div>
          <a className={secondaryButton} href={`/api/admin/sales/orders.csv?${new URLSearchParams({ from: csvFrom, to: csvTo || csvFrom })}`} download>
            Download CSV
          </a>
        </div>
      </section>
    </div>
  );
}
