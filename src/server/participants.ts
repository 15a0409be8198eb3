// The composition list: the feature rooms that take part in an order's life, and what they add to the
// registries other rooms read (the outbox's kinds of e-mail, Square's notification types). A new feature
// is a room of its own plus its line here; it never edits another room to get in. Every function that
// runs an order's stages, sends mail or hears Square imports this file (participants.test.ts checks it).
import { accountsParticipant, customerNotificationTypes, dinerMailKinds, relinkRefusedCustomer } from "./accounts";
import { cateringMailKinds, cateringNotificationTypes, cateringParticipant } from "./catering";
import { contactMailKinds } from "./content";
import { comeBackMailKinds } from "./feedback";
import { curbsideParticipant } from "./curbside";
import { courierMailKinds, couriersParticipant } from "./delivery";
import { giftCardIdentityOfToken, giftCardMailKinds, giftCardNotificationTypes, isActiveGiftCardToken, testGiftCardTender } from "./giftcards";
import { loyaltyNotificationTypes, loyaltyParticipant } from "./loyalty";
import { registerMailKinds } from "./mail";
import { orderMailKinds, orderNotificationTypes, takePart } from "./orders";
import { offersParticipant } from "./offers";
import { kitchenMailKinds } from "./kitchen";
import { letTendersPassProvenBy, payTestTendersWith, readTenderIdentitiesWith, relinkRefusedCustomersWith } from "./payments";
import { registerNotificationTypes } from "./square";
import { staffMailKinds } from "./staff";
import { textMailKinds, textsParticipant } from "./texts";

// The outbox's kinds of e-mail, by the rooms that write them (src/server/mail/kinds.ts).
registerMailKinds([...staffMailKinds, ...contactMailKinds, ...giftCardMailKinds, ...comeBackMailKinds, ...dinerMailKinds, ...orderMailKinds, ...courierMailKinds, ...kitchenMailKinds, ...cateringMailKinds, ...textMailKinds]);

// The order's life (src/server/orders/lifecycle.ts): each room and the stages it takes part in.
// Their order is the order of each stage: a courier's fee is priced before a code's discount on it, and a
// car joins an attempt's fingerprint before a code.
takePart([
  loyaltyParticipant, // decide, shapeOrder, ended, afterPaid, finished, refunded, swept: a reward chosen, put on, given back; points
  couriersParticipant, // price, hold, squareParts, afterPaid, view: the courier's quote and fee, its delivery written, on Square's order, dispatched, shown
  curbsideParticipant, // fingerprint, hold, squareParts, view: a pickup's car in the attempt's cart, written, put on Square's order, shown with the arrival
  offersParticipant, // decide, placed, fingerprint, price, hold, squareParts, checkPayment, view, refunded, swept: a code tried, priced, its use held, on Square's order, the card checked, shown, given back
  accountsParticipant, // hold: a signed-in diner's order joins their history in its transaction
  cateringParticipant, // view: a catering event on the board shows its headcount, time and trays
  textsParticipant, // decide, price, hold, statusChanged, courierPickedUp: the checkout's box (a US number) kept with its words; ready, curbside and courier texts
]);

// Square's notification types, by the rooms that follow them (src/server/square/notifications.ts); a
// refund's order first, then its points.
registerNotificationTypes([...orderNotificationTypes, ...loyaltyNotificationTypes, ...giftCardNotificationTypes, ...customerNotificationTypes, ...cateringNotificationTypes]);

// A gift card is not a bank card: the decline brake lets a token Square knows as an active card pass.
letTendersPassProvenBy(isActiveGiftCardToken);
// A gift card's payment names no identity of it: a code's check knows it by the id read from its token.
readTenderIdentitiesWith(giftCardIdentityOfToken);
// The local test gateway's gift cards are this room's records: TEST MODE's card numbers pay through it.
payTestTendersWith(testGiftCardTender);

// A diner's Square customer id that Square refuses at Pay (deleted, its notification missed) is linked again at once.
relinkRefusedCustomersWith(relinkRefusedCustomer);
