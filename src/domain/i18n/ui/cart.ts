// The words of the cart: its button, the cart sheet, the dish options dialog and the notices they raise.
// The sheet and the dialog (loaded on first use) read this dictionary in the page's language; the cart
// button and the notification region get their few words written into the page at build. The notices
// the cart store raises are in src/lib/spanishToasts.ts.
import { words, type Dictionary } from "../translate";

export const cartWords = {
  // The cart button (a template: "{n}" is the count).
  "button.one": { en: "Cart, 1 item", es: "Carrito, 1 artículo" },
  "button.many": { en: "Cart, {n} items", es: "Carrito, {n} artículos" },

  // The bar over the quick actions while the cart holds dishes ("{n}" the count, "{total}" the total; "{name}" the dish just added).
  "bar.view": { en: "View order · {n} · {total}", es: "Ver pedido · {n} · {total}" },
  "bar.added": { en: "{name} added to your order", es: "{name} se agregó a tu pedido" },
  // A code brought by a link (/full-menu?code=WELCOME5), named from the first page ("{code}").
  "code.later": { en: "{code} will be applied at checkout", es: "El código {code} se aplicará al finalizar tu pedido" },

  // The sheet
  "sheet.title": words(
    (count: number) => `Your Order (${count} ${count === 1 ? "item" : "items"})`,
    (count: number) => `Tu pedido (${count} ${count === 1 ? "artículo" : "artículos"})`,
  ),
  "sheet.close": { en: "Close cart", es: "Cerrar carrito" },
  "sheet.empty": { en: "Your cart is empty", es: "Tu carrito está vacío" },
  "sheet.emptyText": { en: "Add some delicious items to get started!", es: "¡Agrega algunos platos deliciosos para empezar!" },
  "sheet.lines": { en: "Items in your order", es: "Platos de tu pedido" },
  "sheet.someProblems": {
    en: "Some items can't be ordered for this time. Remove them to go on to checkout.",
    es: "Algunos platos no se pueden pedir para esta hora. Quítalos para ir a pagar.",
  },
  "sheet.removeUnavailable": words(
    (count: number) => (count === 1 ? "Remove the unavailable item" : `Remove ${count} unavailable items`),
    (count: number) => (count === 1 ? "Quitar el plato no disponible" : `Quitar ${count} platos no disponibles`),
  ),
  "sheet.checkout": { en: "Proceed to Checkout", es: "Ir a pagar" },
  "line.note": words((note: string) => `Note: ${note}`, (note: string) => `Nota: ${note}`),
  "line.each": words((price: string) => `${price} each`, (price: string) => `${price} c/u`),
  "line.remove": { en: "Remove", es: "Quitar" },
  "line.removeLabel": words((name: string) => `Remove ${name}`, (name: string) => `Quitar ${name}`),
  "line.decrease": words((name: string) => `Decrease quantity of ${name}`, (name: string) => `Reducir la cantidad de ${name}`),
  "line.increase": words((name: string) => `Increase quantity of ${name}`, (name: string) => `Aumentar la cantidad de ${name}`),
  "line.quantity": words((name: string) => `Quantity of ${name}`, (name: string) => `Cantidad de ${name}`),
  "problem.gone": { en: "No longer on the menu", es: "Ya no está en el menú" },
  "problem.out": { en: "Out of stock", es: "Agotado" },
  /** The checkout's refusal before payment, naming the line. */
  "problem.named": words(
    (name: string, problem: string) => `${name}: ${problem}. Remove it from your order to go on.`,
    (name: string, problem: string) => `${name}: ${problem}. Quítalo de tu pedido para continuar.`,
  ),
  "problem.closed": words(
    (section: string, chosen: boolean, days: string, hours: string) => `${section} is closed ${chosen ? "at the time you chose" : "now"} (${days}, ${hours})`,
    (section: string, chosen: boolean, days: string, hours: string) => `${section} está cerrado ${chosen ? "a la hora que elegiste" : "ahora"} (${days}, ${hours})`,
  ),

  // The dish options dialog
  "dialog.close": { en: "Close", es: "Cerrar" },
  "rule.exactly": words((count: number) => `Required: choose ${count}`, (count: number) => `Obligatorio: elige ${count}`),
  "rule.upTo": words((max: number) => `Optional: up to ${max}`, (max: number) => `Opcional: hasta ${max}`),
  "rule.between": words((min: number, max: number) => `Required: choose ${min} to ${max}`, (min: number, max: number) => `Obligatorio: elige de ${min} a ${max}`),
  "dialog.loadFailed": { en: "We could not load this dish's options. Please try again.", es: "No pudimos cargar las opciones de este plato. Inténtalo de nuevo." },
  "dialog.tryAgain": { en: "Try again", es: "Reintentar" },
  "dialog.gone": { en: "This dish is no longer on the menu.", es: "Este plato ya no está en el menú." },
  "dialog.loading": { en: "Loading options...", es: "Cargando opciones..." },
  "dialog.none": { en: "None", es: "Ninguno" },
  "dialog.fewer": words((name: string) => `Fewer ${name}`, (name: string) => `Menos ${name}`),
  "dialog.more": words((name: string) => `More ${name}`, (name: string) => `Más ${name}`),
  "dialog.optionCount": words((name: string, count: number) => `${name}: ${count}`, (name: string, count: number) => `${name}: ${count}`),
  "dialog.soldOut": { en: " (sold out)", es: " (agotado)" },
  "dialog.instructions": { en: "Special instructions", es: "Instrucciones especiales" },
  "dialog.optional": { en: "(optional)", es: "(opcional)" },
  "dialog.placeholder": { en: "No onions, sauce on the side...", es: "Sin cebolla, la salsa aparte..." },
  "dialog.quantity": { en: "Quantity", es: "Cantidad" },
  "dialog.decrease": { en: "Decrease quantity", es: "Reducir la cantidad" },
  "dialog.increase": { en: "Increase quantity", es: "Aumentar la cantidad" },
  "dialog.quantityIs": words((quantity: number) => `Quantity: ${quantity}`, (quantity: number) => `Cantidad: ${quantity}`),
  // The same words as every add button ("Add to Cart"), never a second name for the one action.
  "dialog.add": words((price: string) => `Add to Cart · ${price}`, (price: string) => `Agregar al carrito · ${price}`),

  // Notifications
  "toast.close": { en: "Close notification", es: "Cerrar notificación" },
  "toast.region": { en: "Notifications (F8)", es: "Notificaciones (F8)" },
} satisfies Dictionary;

