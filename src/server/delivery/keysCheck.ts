// The go-live check of the courier keys: a real quote from the restaurant to its own address, which
// proves the key is accepted without sending anyone (a quote not accepted costs nothing).
import site from "../../../content/site.json";
import { CourierRefused, CourierUnavailable } from "./courier";
import { activeCourier } from "./courierChoice";
import { newExternalId } from "./quotes";

export interface CourierKeysCheck {
  /** "ok": a quote came back; "not_configured": no DOORDASH_* keys (delivery is in-house); "failed": see `detail`. */
  status: "ok" | "not_configured" | "failed";
  detail: string;
}

export async function checkCourierKeys(): Promise<CourierKeysCheck> {
  const courier = activeCourier();
  if (!courier) return { status: "not_configured", detail: "No DoorDash Drive keys: delivery is the in-house ZIP-code delivery." };
  const address = `${site.address.street}, ${site.address.city}, ${site.address.state} ${site.address.zip}`;
  try {
    const quote = await courier.quote({
      externalId: newExternalId(),
      dropoffAddress: address,
      dropoffPhone: site.phoneE164,
      dropoffName: site.name,
      dropoffInstructions: "",
      orderValueCents: 2000,
      pickupAt: new Date(Date.now() + 30 * 60_000),
      tipCents: 0,
    });
    return { status: "ok", detail: `DoorDash quoted $${(quote.feeCents / 100).toFixed(2)} to the restaurant's own address: the keys are valid.` };
  } catch (error) {
    // A refusal of the address still proves the key was accepted; a 401/403 reaches us as unavailable.
    if (error instanceof CourierRefused) return { status: "ok", detail: `The keys are valid (DoorDash answered: ${error.message}).` };
    const why = error instanceof CourierUnavailable ? error.message : "DoorDash could not be asked";
    return { status: "failed", detail: why };
  }
}
