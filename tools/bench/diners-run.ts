// `npm run bench:diners`: the diner sign-in figures (tools/bench/diners.ts) on the account functions alone,
// bundled and served on 127.0.0.1 with a real PostgreSQL (no build: a minute). `npm run bench` prints the
// same section. Then one Square customer per diner: 200 sign-ups against the fake Square with a 60 s search
// lag, duplicates counted (tools/bench/dinerCustomers.ts).
import { setDeployContext } from "../../tests/support/deployContext.ts";
import { customerReport, customersHold, measureSquareCustomersOnStack } from "./dinerCustomers.ts";
import { dinerReport, measureDinersOnStack } from "./diners.ts";

setDeployContext("dev");
const figures = await measureDinersOnStack(4418);
for (const line of dinerReport(figures)) console.log(line);
const customers = await measureSquareCustomersOnStack(4419);
for (const line of customerReport(customers)) console.log(line);
process.exitCode = figures.withinBudget && customersHold(customers) ? 0 : 1;
// The bundled functions' own pool would keep the process for its idle timeout.
process.exit();
