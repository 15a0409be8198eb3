// Which card form the checkout shows, decided by the server that takes the payment, so the form
// always matches the gateway: Square's Web Payments form, the test card form, or none.
import type { PaymentFormConfig } from "../../domain/payment";
import { SQUARE_SCRIPT_URLS } from "../../domain/payment";
import { isDeployed, serverConfig } from "../config";
import { squareConfig } from "../platform/squareConfig";

export function paymentFormConfig(): PaymentFormConfig {
  const square = squareConfig();
  const applicationId = serverConfig().PUBLIC_SQUARE_APPLICATION_ID;
  if (square && applicationId) {
    return {
      mode: "square",
      applicationId,
      // Not a secret (it is in every Square payment form), but not PUBLIC_: it is read here at run time.
      locationId: square.locationId,
      environment: square.environment,
      scriptUrl: SQUARE_SCRIPT_URLS[square.environment],
    };
  }
  if (!isDeployed()) return { mode: "test" };
  return { mode: "unavailable", message: "Online payment is not available right now. Please call us at (305) 699-1430 to order." };
}
