// The activity log's actions: every name the server writes (src/server/audit/activity.ts) with the words
// the console shows for it, and the groups the Activity tab filters by. One list for both sides.

/** Each action the log records, with what the console says of it. */
export const STAFF_ACTIONS = {
  "sign-in": "Signed in",
  "sign-out": "Signed out",
  "sign-out.everywhere": "Signed out everywhere",
  "session.end": "Ended a session",
  "order.status": "Moved an order along",
  "order.reconcile": "Confirmed a pending order (charge found)",
  "order.release": "Released a pending order (never charged)",
  "order.refund": "Refunded an order",
  "order.courier": "Sent a new courier for an order",
  "order.loyalty-refused": "Square refused an order's loyalty points",
  "hours.save": "Saved the hours and special dates",
  "dish.weight": "Set a dish's kitchen weight",
  "ordering.pause": "Paused or resumed ordering",
  "ordering.busy": "Set the busy minutes",
  "menu.stock": "Stock (86)",
  "menu.featured": "Featured a dish",
  "menu.image": "Dish picture",
  "menu.labels": "Dish labels and allergens",
  "menu.square-sync": "Rebuilt the menu from Square",
  "content.banners": "Banner picture",
  "content.gallery": "Gallery picture",
  "content.import": "Imported the old site's records",
  "content.spanish": "Spanish text",
  "location.create": "Added a location",
  "location.update": "Edited a location",
  "location.image": "Location picture",
  "message.handled": "Contact message handled",
  "mail.resend": "Sent an e-mail again",
  "settings.mail": "Restaurant's mail address",
  "settings.courier_fee": "Courier fee policy",
  "settings.apple-pay-file": "Apple Pay domain file",
  "settings.apple-pay-domain": "Registered a domain for Apple Pay",
  "settings.go-live-step": "Ticked a go-live step",
  "payments.decline-brake": "Turned off the brake on declined cards",
  "settings.gift-card-cap": "Gift card sales an hour",
  "settings.come-back-mail": "Turned the after-pickup e-mail on or off",
  "settings.site-budget": "Texts or sign-in links an hour",
  "account.create": "Added a person",
  "account.update": "Changed an account",
  "account.setup-link": "Made a set-up link",
  "account.password": "Set a password",
  "account.passkey-added": "Added a passkey",
  "account.passkey-removed": "Removed a passkey",
  "account.password-cleared": "Cleared a password",
  "account.recovered": "Used a set-up link: every other passkey and password ended",
  "account.credentials-ended": "Disabled: every passkey and password ended",
  "sign-in.alarm": "Many failed sign-ins on an account",
  "offer.create": "Created an offer code",
  "offer.update": "Edited an offer code",
  "offer.pause": "Paused or resumed an offer code",
  "offer.give-back": "Gave an offer's use back (full refund)",
  "catering.change": "Changed the catering menu or its rules",
} as const;

export type StaffAction = keyof typeof STAFF_ACTIONS;

/** The Activity tab's "What" filter: each group (its value in the API's `action` query) and its actions. */
export const ACTIVITY_GROUPS = {
  order: { label: "Orders and refunds", actions: ["order.status", "order.reconcile", "order.release", "order.refund", "order.courier", "order.loyalty-refused"] },
  ordering: { label: "Pause and busy", actions: ["ordering.pause", "ordering.busy"] },
  hours: { label: "Hours and kitchen pacing", actions: ["hours.save", "dish.weight"] },
  menu: { label: "Menu, stock and prices", actions: ["menu.stock", "menu.featured", "menu.image", "menu.labels", "menu.square-sync"] },
  content: { label: "Pictures and content", actions: ["content.banners", "content.gallery", "content.import", "content.spanish"] },
  location: { label: "Locations", actions: ["location.create", "location.update", "location.image"] },
  message: { label: "Messages", actions: ["message.handled"] },
  offer: { label: "Offers", actions: ["offer.create", "offer.update", "offer.pause", "offer.give-back"] },
  catering: { label: "Catering", actions: ["catering.change"] },
  settings: { label: "Mail and settings", actions: ["mail.resend", "settings.mail", "settings.courier_fee", "settings.apple-pay-file", "settings.apple-pay-domain", "settings.go-live-step", "payments.decline-brake", "settings.gift-card-cap", "settings.come-back-mail", "settings.site-budget"] },
  account: {
    label: "Staff accounts",
    actions: ["account.create", "account.update", "account.setup-link", "account.password", "account.passkey-added", "account.passkey-removed",
      "account.password-cleared", "account.recovered", "account.credentials-ended"],
  },
  "sign-in": { label: "Sign-ins and sessions", actions: ["sign-in", "sign-in.alarm", "sign-out", "sign-out.everywhere", "session.end"] },
} as const satisfies Record<string, { label: string; actions: readonly StaffAction[] }>;

export type ActivityGroup = keyof typeof ACTIVITY_GROUPS;

export function isActivityGroup(value: string): value is ActivityGroup {
  return Object.hasOwn(ACTIVITY_GROUPS, value);
}

/** What the console says of an action (its name, for one it does not know). */
export function actionLabel(action: string): string {
  return Object.hasOwn(STAFF_ACTIONS, action) ? STAFF_ACTIONS[action as StaffAction] : action;
}

/** One line of the log as GET /api/admin/activity lists it. */
export interface ActivityRow {
  id: number;
  at: string;
  accountId: string | null;
  actor: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}
