// Order texts in the order's life: the checkout's box is checked at decide (a US number, within the
// network's few), claims the phone at price (the step whose claim comes back at hold; it changes no total)
// and keeps the consent at hold; a pickup made ready and a courier's pickup are texted at
// statusChanged and courierPickedUp (./news.ts).
import type { Participant } from "../orders";
import { consentPhone, decideConsent, holdConsent } from "./consents";
import { textCourierPickup, textStatus } from "./news";

export const textsParticipant: Participant = {
  name: "texts",
  decide: (attempt) => decideConsent(attempt),
  price: async (draft) => {
    const phone = consentPhone(draft);
    return phone ? { claim: { phone } } : undefined;
  },
  hold: (tx, order, attempt, claim) => holdConsent(tx, order, attempt, claim),
  statusChanged: (order, status) => textStatus(order, status),
  courierPickedUp: (pickup) => textCourierPickup(pickup),
};
