// Order texts in the order's life: the checkout's box claims the phone at decide (a US number, within the
// network's few) and keeps the consent at hold; a pickup made ready and a courier's pickup are texted at
// statusChanged and courierPickedUp (./news.ts).
import type { Participant } from "../orders";
import { decideConsent, holdConsent } from "./consents";
import { textCourierPickup, textStatus } from "./news";

export const textsParticipant: Participant = {
  name: "texts",
  decide: (attempt) => decideConsent(attempt),
  hold: (tx, order, attempt, claim) => holdConsent(tx, order, attempt, claim),
  statusChanged: (order, status) => textStatus(order, status),
  courierPickedUp: (pickup) => textCourierPickup(pickup),
};
