// The offers room's door: what other rooms, the top of src/server and the functions use of it.
export { checkOffer } from "./check";
export { squareDiscountOf } from "./rules";
export { createOffer, generateCode, listOffers, offerOfCode, updateOffer } from "./store";
export { releaseAbandonedUses } from "./uses";
export { offersParticipant } from "./participant";
