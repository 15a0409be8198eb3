// The diner's saved details (their phone, up to 5 delivery addresses), the checkout's prefill and
// "Order again" (on the home page, the account's history and the checkout's notices): English and
// Spanish side by side.
import { words, type Dictionary } from "../translate";

export const savedWords = {
  "profile.heading": { en: "Your details", es: "Tus datos" },
  "profile.name": { en: "Name", es: "Nombre" },
  "profile.phone": { en: "Mobile phone (for order updates)", es: "Teléfono móvil (para avisos del pedido)" },
  "profile.save": { en: "Save my details", es: "Guardar mis datos" },
  "profile.saved": { en: "Your details are saved.", es: "Tus datos están guardados." },
  "addresses.heading": { en: "Delivery addresses", es: "Direcciones de entrega" },
  "addresses.lead": {
    en: "Save up to 5. The checkout fills them in for you; they go to the restaurant and the courier only with a delivery order.",
    es: "Guarda hasta 5. Al finalizar el pedido se llenan solas; solo se envían al restaurante y al repartidor con un pedido a domicilio.",
  },
  "addresses.none": { en: "No saved address yet.", es: "Aún no tienes direcciones guardadas." },
  "addresses.add": { en: "Add an address", es: "Agregar una dirección" },
  "addresses.full": { en: "You have 5 addresses, the most you can save.", es: "Tienes 5 direcciones, el máximo que puedes guardar." },
  "addresses.edit": words(
    (label: string) => `Edit ${label}`,
    (label: string) => `Editar ${label}`,
  ),
  "addresses.delete": words(
    (label: string) => `Delete ${label}`,
    (label: string) => `Eliminar ${label}`,
  ),
  "addresses.deleted": { en: "Address deleted.", es: "Dirección eliminada." },
  "addresses.saved": { en: "Address saved.", es: "Dirección guardada." },
  "form.addHeading": { en: "New address", es: "Nueva dirección" },
  "form.editHeading": { en: "Edit address", es: "Editar dirección" },
  "form.label": { en: "Label (Home, Work…), optional", es: "Nombre (Casa, Trabajo…), opcional" },
  "form.name": { en: "Who receives it", es: "Quién lo recibe" },
  "form.phone": { en: "Their phone", es: "Su teléfono" },
  "form.email": { en: "E-mail", es: "Correo electrónico" },
  "form.address": { en: "Street address", es: "Dirección" },
  "form.unit": { en: "Apt / Unit, optional", es: "Apto. / Unidad, opcional" },
  "form.city": { en: "City", es: "Ciudad" },
  "form.state": { en: "State", es: "Estado" },
  "form.zip": { en: "ZIP code", es: "Código postal" },
  "form.notes": { en: "Notes for the driver, optional", es: "Notas para el repartidor, opcional" },
  "form.check": { en: "Please check this field.", es: "Revisa este campo." },
  "form.phoneRule": {
    en: "Enter a phone number with its area code, such as (305) 555-0142.",
    es: "Escribe un teléfono con su código de área, por ejemplo (305) 555-0142.",
  },
  "form.zipRule": { en: "Enter a 5-digit ZIP code.", es: "Escribe un código postal de 5 dígitos." },
  "form.save": { en: "Save address", es: "Guardar dirección" },
  "form.cancel": { en: "Cancel", es: "Cancelar" },
  "checkout.filled": words(
    (name: string) => `Filled in from your account${name ? ` (${name})` : ""}.`,
    (name: string) => `Completado con los datos de tu cuenta${name ? ` (${name})` : ""}.`,
  ),
  "checkout.choose": { en: "Deliver to", es: "Entregar en" },
  "checkout.other": { en: "Another address (type it below)", es: "Otra dirección (escríbela abajo)" },
  "checkout.saveTyped": { en: "Save the address below to my account", es: "Guardar en mi cuenta la dirección de abajo" },
  "checkout.savedTyped": { en: "Saved to your account.", es: "Guardada en tu cuenta." },
  "checkout.signIn": { en: "Have an account? Sign in to fill in your details.", es: "¿Tienes cuenta? Entra para completar tus datos." },
  "checkout.signInLink": { en: "Sign in or create an account", es: "Entra o crea una cuenta" },
  "again.heading": { en: "Order again", es: "Pedir de nuevo" },
  "again.all": { en: "All your orders and saved details", es: "Todos tus pedidos y datos guardados" },
  "again.button": { en: "Order again", es: "Pedir de nuevo" },
  "again.buttonFor": words(
    (number: string) => `Order again: order #${number}`,
    (number: string) => `Pedir de nuevo: pedido #${number}`,
  ),
  "again.working": { en: "Filling your cart…", es: "Llenando tu carrito…" },
  "again.nothing": {
    en: "Nothing from that order can be ordered today. Have a look at today's menu.",
    es: "Nada de ese pedido se puede pedir hoy. Mira el menú de hoy.",
  },
  "again.failed": { en: "Your cart could not be filled. Please try again.", es: "No pudimos llenar tu carrito. Inténtalo de nuevo." },
  "notice.heading": { en: "Before you order again", es: "Antes de repetir tu pedido" },
  "notice.dish-gone": words(
    (dish: string) => `${dish} is no longer on the menu: it was left out.`,
    (dish: string) => `${dish} ya no está en el menú: lo dejamos fuera.`,
  ),
  "notice.dish-sold-out": words(
    (dish: string) => `${dish} is sold out: it was left out.`,
    (dish: string) => `${dish} está agotado: lo dejamos fuera.`,
  ),
  "notice.dish-choice-changed": words(
    (dish: string) => `${dish} has new choices: it was left out. Add it from the menu.`,
    (dish: string) => `${dish} tiene opciones nuevas: lo dejamos fuera. Agrégalo desde el menú.`,
  ),
  "notice.option-gone": words(
    (dish: string, option: string) => `${option} is no longer offered: your ${dish} comes without it.`,
    (dish: string, option: string) => `${option} ya no se ofrece: tu ${dish} va sin eso.`,
  ),
  "notice.option-sold-out": words(
    (dish: string, option: string) => `${option} is sold out: your ${dish} comes without it.`,
    (dish: string, option: string) => `${option} está agotado: tu ${dish} va sin eso.`,
  ),
  "notice.kitchen-closed": words(
    (kitchens: string, when: string) => `${kitchens} is not cooking now: your order is set for ${when}, the next time it is open. You can change the time below.`,
    (kitchens: string, when: string) => `${kitchens} no está cocinando ahora: tu pedido queda para ${when}, la próxima vez que abre. Puedes cambiar la hora abajo.`,
  ),
  "notice.prices": {
    en: "Prices are today's menu prices.",
    es: "Los precios son los del menú de hoy.",
  },
} satisfies Dictionary;
