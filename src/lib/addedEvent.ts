// The event an add button fires once its dish went into the cart: its own module, so the buttons' code
// (addButtons.ts) and the loader that brings it in later (addButtonsLater.ts) both name it without
// importing each other.

/** Fired on the button after its dish went into the cart (the full menu and the featured cards announce it). */
export const ADDED_EVENT = "jf:added";
