// The words of an order's totals (src/islands/OrderTotals.tsx): the cart sheet, the checkout and the
// order page show them. Kept apart so the cart sheet, on every page, carries no other checkout words.
import { TAX_RATE_LABEL } from "../../money";
import { words, type Dictionary } from "../translate";

export const totalsWords = {
  "subtotal": { en: "Subtotal", es: "Subtotal" },
  "discount": words(
    (code: string) => `Discount (${code})`,
    (code: string) => `Descuento (${code})`,
  ),
  "reward": { en: "Rewards points", es: "Puntos de recompensa" },
  "tax": { en: `Tax (${TAX_RATE_LABEL})`, es: `Impuesto (${TAX_RATE_LABEL})` },
  "deliveryFee": { en: "Delivery Fee", es: "Costo de entrega" },
  "tip": { en: "Tip", es: "Propina" },
  "total": { en: "Total", es: "Total" },
} satisfies Dictionary;
