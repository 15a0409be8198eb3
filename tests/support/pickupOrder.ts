// The order most tests and tools send as the browser would (plain data, loadable by Node alone): two
// Billionaire Brunch Bites ($17) and a Hot Maple Flatbread ($16), $53.75 with tax, paid with Square's
// approved sandbox nonce.
export const PICKUP_ORDER = {
  items: [
    { id: 7, name: "Billionaire Brunch Bites", price: 17, quantity: 2 },
    { id: 1, name: "Hot Maple Flatbread", price: 16, quantity: 1 },
  ],
  orderType: "pickup",
  customerInfo: { name: "Ana Pérez", email: "ana@example.com", phone: "(305) 555-0142" },
  paymentToken: "cnon:card-nonce-ok",
};
