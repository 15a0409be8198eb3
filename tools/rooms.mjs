// The house's figures (docs/architecture.md quotes them): the largest knot of rooms of src/server that
// import each other round (a strongly connected set, the floor and the top left out), the file circles,
// the files over 300 lines, the door violations, all read from dependency-cruiser's own cruise, and the
// feature branches left in orders/ and payments/ (`--branches` lists each line).
import { readFileSync } from "node:fs";
import { cruise } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import config from "../.dependency-cruiser.cjs";

const MAX_LINES = 300;
const result = await cruise(["src", "netlify"], { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden } }, undefined, {
  tsConfig: extractTSConfig("tsconfig.json"),
});
const { modules, summary } = result.output;

const roomOf = (path) => /^src\/server\/([^/]+)\//.exec(path)?.[1];
const edges = new Map();
for (const module of modules) {
  const from = roomOf(module.source);
  if (!from || from === "platform") continue;
  for (const dependency of module.dependencies) {
    const to = roomOf(dependency.resolved);
    if (!to || to === "platform" || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
  }
}

// Tarjan's strongly connected components over the rooms.
const rooms = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((set) => [...set])])].sort();
let index = 0;
const order = new Map(), low = new Map(), stack = [], onStack = new Set(), knots = [];
function visit(room) {
  order.set(room, index); low.set(room, index); index++;
  stack.push(room); onStack.add(room);
  for (const next of edges.get(room) ?? []) {
    if (!order.has(next)) { visit(next); low.set(room, Math.min(low.get(room), low.get(next))); }
    else if (onStack.has(next)) low.set(room, Math.min(low.get(room), order.get(next)));
  }
  if (low.get(room) === order.get(room)) {
    const knot = [];
    let member;
    do { member = stack.pop(); onStack.delete(member); knot.push(member); } while (member !== room);
    knots.push(knot.sort());
  }
}
for (const room of rooms) if (!order.has(room)) visit(room);
knots.sort((a, b) => b.length - a.length);

const violations = summary.violations;
const count = (rule) => violations.filter((violation) => violation.rule.name === rule).length;
const long = modules
  .filter((module) => /^(src|netlify)\/.*\.(ts|tsx|mts)$/.test(module.source))
  .map((module) => [module.source, readFileSync(module.source, "utf8").split("\n").length - 1])
  .filter(([, lines]) => lines > MAX_LINES);

console.log(`rooms: ${rooms.length} (${rooms.join(", ")})`);
console.log(`largest knot of rooms importing each other: ${knots[0].length} (${knots[0].join(", ")})`);
for (const knot of knots.slice(1).filter((knot) => knot.length > 1)) console.log(`  another knot: ${knot.join(", ")}`);
console.log(`file circles: ${count("no-circular")}`);
console.log(`imports past a door: ${count("room-door")} from rooms, ${count("outside-door")} from functions, pages and the top`);
console.log(`floor imports of rooms: ${count("floor-imports-no-room")}`);
// A feature branch: a line of orders/ or payments/ (tests aside) that decides by a feature's word (a
// condition or a conditional value naming offers, rewards, loyalty, gift cards, couriers, curbside, diners,
// a card check or a promo code). A heuristic read of the source, counted the same way every time.
const FEATURE_WORDS = /offer|reward|loyalty|gift_?card|courier|curbside|diner|cardcheck|promo/i;
const CONDITIONAL = /\bif \(|\? |&& |\?\?/;
const branches = modules
  .filter((module) => /^src\/server\/(orders|payments)\/.*\.ts$/.test(module.source) && !module.source.endsWith(".test.ts"))
  .flatMap((module) =>
    readFileSync(module.source, "utf8")
      .split("\n")
      .map((line, index) => [`${module.source}:${index + 1}`, line.trim()])
      .filter(([, line]) => !line.startsWith("//") && !line.startsWith("*") && CONDITIONAL.test(line) && FEATURE_WORDS.test(line)),
  );
// Which room and which feature's word, so the figure says where the branches are left.
const tally = new Map();
for (const [where, line] of branches) {
  const key = `${roomOf(where)}: ${line.match(FEATURE_WORDS)[0].toLowerCase().replace(/_/g, "")}`;
  tally.set(key, (tally.get(key) ?? 0) + 1);
}
console.log(`feature branches in orders/ and payments/: ${branches.length} (${[...tally].sort().map(([key, n]) => `${key} ${n}`).join(", ")})`);
if (process.argv.includes("--branches")) for (const [where, line] of branches) console.log(`  ${where} ${line.slice(0, 120)}`);
console.log(`files over ${MAX_LINES} lines: ${long.length}${long.map(([path, lines]) => `\n  ${path} (${lines})`).join("")}`);
