// Which payment gateway takes payments here: Square when configured; locally without credentials, the
// test gateway (loaded only there, never part of what a deployed site runs). What a gateway promises is
// in ./contract.
import site from "../../../content/site.json";
import { isDeployed } from "../env";
import { said, Unavailable } from "../platform/errors";
import { squareConfig } from "../platform/squareConfig";
import type { PaymentGateway } from "./contract";

export type PaymentMode = "square" | "sandbox" | "unavailable";

/** Which gateway takes payments here: Square when configured, the test gateway only where the code is certainly local. */
export function paymentMode(): PaymentMode {
  if (squareConfig()) return "square";
  return isDeployed() ? "unavailable" : "sandbox";
}

/** Refuses (Unavailable) before anything is stored when no gateway can take payments here. */
export function assertPaymentsAvailable(): void {
  if (paymentMode() === "unavailable") {
    throw new Unavailable(said("ordering_unavailable", site.phone));
  }
}

/** The gateway for this request; Unavailable in a deployed context while Square is not configured. */
export async function paymentGateway(): Promise<PaymentGateway> {
  assertPaymentsAvailable();
  const config = squareConfig();
  if (config) return new (await import("./square")).SquareGateway(config);
  return new (await import("./sandbox")).SandboxGateway();
}
