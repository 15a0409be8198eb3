// The go-live line of courier delivery: the site has no courier yet (its own delivery fee applies), so
// the line says so; it becomes a real check (the keys taking a quote to the restaurant's own address,
// never accepted) once couriers come.
import type { GoLiveLine } from "../../domain/goLive";
import { line, type Check, type LineSpec } from "./lines";

export const COURIER_LINE: LineSpec = { id: "couriers", group: "Couriers", title: "Courier keys take a quote", required: false, section: "couriers" };

export const couriersCheck: Check = {
  specs: [COURIER_LINE],
  run: async (): Promise<GoLiveLine[]> => [
    line(COURIER_LINE, "amber", "Not available yet: delivery orders are the restaurant's own, at its delivery fee.", "Nothing to do until couriers come to the site."),
  ],
};
