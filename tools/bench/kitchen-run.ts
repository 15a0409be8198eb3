// `npm run bench:kitchen`: a Friday night replayed through the quoting code (tools/bench/kitchenNight.ts),
// over several seeds, with the learned lateness and with the fixed lead time alone, and prints the share
// of orders ready within 5 minutes of their final promise (the goal: at least 90%), the quote's error at
// p50 and p90, and late messages per order. docs/performance.md keeps the figures.
import { parseArgs } from "node:util";
import { DEFAULT_NIGHT, percentile, replayNight, type NightResult } from "./kitchenNight.ts";

const { values: args } = parseArgs({ options: { nights: { type: "string", default: "20" }, rush: { type: "string" } } });
const nights = Number(args.nights);
const rush = args.rush ? Number(args.rush) : DEFAULT_NIGHT.rush;

function summary(label: string, results: NightResult[]): string {
  const mean = (pick: (result: NightResult) => number) => results.reduce((sum, result) => sum + pick(result), 0) / results.length;
  const within = results.map((result) => result.readyWithinFive);
  return [
    label.padEnd(28),
    `${mean((result) => result.orders).toFixed(0).padStart(4)} orders`,
    `ready ≤ promise + 5 min: ${(mean((result) => result.readyWithinFive) * 100).toFixed(1)}% (worst night ${(Math.min(...within) * 100).toFixed(1)}%)`,
    `error p50 ${mean((result) => result.errorP50).toFixed(1)} min, p90 ${mean((result) => result.errorP90).toFixed(1)} min`,
    `late messages ${mean((result) => result.lateMessagesPerOrder).toFixed(2)}/order`,
    `refused ${mean((result) => result.refused).toFixed(1)}`,
  ].join(" | ");
}

const seeds = Array.from({ length: nights }, (_, index) => index + 1);
const learned = seeds.map((seed) => replayNight({ ...DEFAULT_NIGHT, rush, seed, learn: true, project: true }));
const finishedOnly = seeds.map((seed) => replayNight({ ...DEFAULT_NIGHT, rush, seed, learn: true, project: false }));
const fixed = seeds.map((seed) => replayNight({ ...DEFAULT_NIGHT, rush, seed, learn: false, project: false }));
console.log(`A Friday night at Jealous Burger, ${nights} nights (seeds 1-${nights}), rush ${rush} orders/min, ${DEFAULT_NIGHT.stations} grill stations`);
console.log(summary("learned, with the queue", learned));
console.log(summary("learned, finished orders", finishedOnly));
console.log(summary("fixed lead time only", fixed));
const p10 = percentile(learned.map((result) => result.readyWithinFive), 0.1);
console.log(`learned: 9 nights in 10 at or above ${(p10 * 100).toFixed(1)}% ready within 5 minutes of the final promise`);
