// Carries the success toast across the navigation from the checkout to the confirmation page (the toast
// store is per page): a key of this tab's sessionStorage, apart so the confirmation loads nothing else.
export const ORDER_PLACED_FLASH_KEY = "jealous-fork-order-placed";
