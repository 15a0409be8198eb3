// A card kept on file by Square pays as a payment's source_id (its card id, "ccof:...") only together
// with the customer_id it is kept on (developer.squareup.com/docs/payments-api/take-payments/card-payments:
// "the customer_id is also required"). The customer is the signed-in diner's, from their session: a card
// id sent without one is refused before anything is stored or Square is called.
import { RuleBroken, said } from "../platform/errors";

export const isCardOnFile = (sourceId: string): boolean => sourceId.startsWith("ccof:");

export function assertCardOnFilePayable(sourceId: string, squareCustomerId: string | undefined): void {
  if (isCardOnFile(sourceId) && !squareCustomerId) throw new RuleBroken(said("card_on_file_signed_out"));
}
