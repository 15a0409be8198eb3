// The English of the notices the cart store and the add buttons raise, in one place so that their
// Spanish (src/lib/spanishToasts.ts) is found by the same words.

/** A refused addition: one more would pass what the server takes in one order. */
export const LIMIT_TOAST_TITLE = "That is as much as one online order holds";

/** The option dialog's code could not be fetched. */
export const OPTIONS_FAILED_TOAST = { title: "Could not open this dish's options", description: "Please check your connection and try again." };
