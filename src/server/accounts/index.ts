// The accounts room's door: what other rooms, the top of src/server and the functions use of it.
export { accountView, deleteAccount } from "./accounts";
export { addAddress, checkoutDetails, listAddresses, removeAddress, updateAddress, updateProfile } from "./addresses";
export { requestSignInLink, signInWithLink } from "./links";
export { askerFor } from "./linkAsker";
export { DEFAULT_LINKS_PER_HOUR, LINKS_PER_HOUR_SETTING, linksPerHour, MAX_LINKS_PER_HOUR } from "./linkBudgets";
export { accountOfOrder, orderHistory } from "./orderHistory";
export { dinerMailKinds } from "./outboxMail";
export { addDinerPasskey, dinerRegistrationOptions, dinerSignInOptions, removeDinerPasskey, signInDinerWithPasskey } from "./passkeys";
export { reorder } from "./reorder";
export { orderPasskeyOptions, saveDetailsWithPasskey } from "./orderPasskey";
export { type Diner, dinerCookie, dinerForOrder, dinerOf, endDinerSession, endDinerSessionByHandle, requireDiner, requireFreshDinerProof, DINER_IDLE_TIMEOUT_MS } from "./sessions";
export { linkSquareCustomer, linkUnlinkedAccounts, relinkRefusedCustomer } from "./squareCustomer";
export { CARD_SAVE_LIMITS, listSavedCards, removeCard, saveCard } from "./savedCards";
export { accountsParticipant } from "./participant";
export { customerNotificationTypes } from "./customerEvents";
