// The checkout's words (/checkout and /es/checkout): the page, the order type, when, the customer's and
// the delivery's fields and their messages, the tip and note, the payment step and its card form. The
// wallets' and the bank's sentences are PAYMENT_WORDS (src/domain/payment.ts), which the API shares.
import { undeliverableZipMessage, zip5 } from "../../delivery";
import { ESTIMATED_READY_TIME } from "../../orderReadModel";
import { words, type Dictionary } from "../translate";

export const checkoutWords = {
  // The page (src/pages/checkout.astro)
  "page.title": { en: "Checkout | Jealous Fork", es: "Finalizar pedido | Jealous Fork" },
  "page.description": { en: "Pay for your Jealous Fork pickup or delivery order.", es: "Paga tu pedido de Jealous Fork para recoger en el local o con entrega a domicilio." },
  "page.back": { en: "Back to Menu", es: "Volver al menú" },
  "page.heading": { en: "Checkout", es: "Finalizar pedido" },
  "page.intro": {
    en: "Choose pickup or delivery, tell us who the order is for, then pay by card. Your card is charged only when you place the order.",
    es: "Elige recoger en el local o entrega a domicilio, dinos para quién es el pedido y paga con tarjeta. Solo cobramos tu tarjeta cuando haces el pedido.",
  },
  "page.loading": { en: "Loading checkout...", es: "Cargando el formulario del pedido..." },

  // Order type
  "type.legend": { en: "Order Type", es: "Tipo de pedido" },
  "type.pickup": { en: "Pickup", es: "Recoger en el local" },
  "type.delivery": { en: "Delivery", es: "Entrega a domicilio" },
  "type.pickupTime": { en: `Ready in ${ESTIMATED_READY_TIME.pickup}`, es: "Listo en 15-20 minutos" },
  "type.deliveryTime": words(
    (fee: string) => `${ESTIMATED_READY_TIME.delivery}, ${fee} fee`,
    (fee: string) => `45-60 minutos, costo de entrega ${fee}`,
  ),

  // Customer and delivery
  "customer.legend": { en: "Customer Information", es: "Tus datos" },
  "field.name": { en: "Full Name", es: "Nombre completo" },
  "field.email": { en: "Email", es: "Correo electrónico" },
  "field.phone": { en: "Phone", es: "Teléfono" },
  "delivery.legend": { en: "Delivery Information", es: "Dirección de entrega" },
  "field.address": { en: "Street Address", es: "Dirección" },
  "field.city": { en: "City", es: "Ciudad" },
  "field.state": { en: "State", es: "Estado" },
  "field.zip": { en: "ZIP Code", es: "Código postal" },
  "field.deliveryNotes": { en: "Delivery Notes (optional)", es: "Indicaciones para la entrega (opcional)" },
  "field.deliveryNotesHint": { en: "Gate code, building, where to leave it...", es: "Código de la reja, edificio, dónde dejarlo..." },
  "curbside.choice": { en: "Curbside: bring it out to my car", es: "En la acera: tráiganlo a mi carro" },
  "curbside.hint": {
    en: "When you park, tap \"I'm here\" on your order page and we bring the order out.",
    es: "Cuando estaciones, toca \"Ya llegué\" en la página de tu pedido y te lo llevamos.",
  },
  "field.car": words(
    (max: number) => `Your car: color, make, where you parked (up to ${max} characters)`,
    (max: number) => `Tu carro: color, marca, dónde estacionaste (hasta ${max} caracteres)`,
  ),
  "field.carHint": { en: "Red Honda Civic, by the door", es: "Honda Civic rojo, junto a la puerta" },
  "missingCar.title": { en: "Describe Your Car", es: "Describe tu carro" },
  "missingCar.text": {
    en: "Tell us your car's color and make so we can find you at the curb.",
    es: "Dinos el color y la marca de tu carro para encontrarte en la acera.",
  },
  "continue": { en: "Continue to Payment", es: "Continuar al pago" },

  // Messages before the payment step
  "missing.title": { en: "Missing Information", es: "Faltan datos" },
  "missing.text": { en: "Please fill in all customer information fields.", es: "Completa tu nombre, tu correo electrónico y tu teléfono." },
  "missingDelivery.title": { en: "Missing Delivery Information", es: "Falta la dirección de entrega" },
  "missingDelivery.text": { en: "Please provide delivery address and zip code.", es: "Escribe la dirección y el código postal de la entrega." },
  "noDelivery.title": { en: "Delivery Not Available", es: "No hacemos entregas en esa zona" },
  "zip.shape": { en: "Please enter a 5-digit ZIP code.", es: "Escribe un código postal de 5 dígitos." },
  "zip.notServed": words(
    // The server's own sentence in English.
    (zip: string) => undeliverableZipMessage(zip),
    (zip: string) => `Lo sentimos, todavía no hacemos entregas en el código postal ${zip5(zip)}. Elige recoger en el local o usa una dirección de una de las zonas de Miami que cubrimos.`,
  ),
  "tip.title": { en: "Check Your Tip", es: "Revisa la propina" },
  "unavailable.title": { en: "Ordering Unavailable", es: "No se pueden hacer pedidos ahora" },
  "details.title": { en: "Check Your Details", es: "Revisa tus datos" },
  "details.email": { en: "Please enter a valid email address.", es: "Escribe un correo electrónico válido." },
  "details.phone": { en: "Please enter a valid phone number.", es: "Escribe un número de teléfono válido, con su código de área." },
  "details.name": { en: "Please check your name.", es: "Revisa tu nombre." },

  // When
  "when.legend": { en: "When?", es: "¿Para cuándo?" },
  "when.failed": { en: "We could not load the times just now. Please reload the page.", es: "No pudimos cargar los horarios. Recarga la página." },
  "when.none": { en: "There is no time left to order for in the next 7 days. Please call us.", es: "No quedan horarios disponibles en los próximos 7 días. Llámanos, por favor." },
  "when.special": { en: "Special hours", es: "Horario especial" },
  "when.asap": { en: "As soon as possible", es: "Lo antes posible" },
  "when.loading": { en: "Loading times...", es: "Cargando horarios..." },
  "when.closedNow": { en: "(we are closed right now)", es: "(ahora estamos cerrados)" },
  "when.later": { en: "Schedule for later", es: "Programar para más tarde" },
  "when.time": { en: "Time", es: "Hora" },

  // Tip and note
  "tip.legend": { en: "Tip for the Team", es: "Propina para el equipo" },
  "tip.text": {
    en: "Figured on the subtotal before tax. All tips go to the kitchen and front-of-house team.",
    es: "Calculada sobre el subtotal antes de impuestos. Todas las propinas son para el equipo de cocina y de sala.",
  },
  "tip.none": { en: "No tip", es: "Sin propina" },
  "tip.custom": { en: "Custom", es: "Otra cantidad" },
  "tip.customLabel": { en: "Custom tip ($)", es: "Otra propina ($)" },
  "tip.invalid": { en: "The tip must be zero or a positive amount in dollars and cents.", es: "La propina debe ser cero o una cantidad positiva en dólares y centavos." },
  "tip.tooMuch": { en: "The tip cannot be more than the order's subtotal.", es: "La propina no puede ser mayor que el subtotal del pedido." },
  "note.label": { en: "Note for the Kitchen", es: "Nota para la cocina" },
  "note.optional": { en: "(optional)", es: "(opcional)" },
  "note.hint": { en: "Allergies, utensils, anything we should know...", es: "Alergias, cubiertos, cualquier cosa que debamos saber..." },

  // Summary
  "summary.heading": { en: "Order Summary", es: "Resumen del pedido" },
  "summary.items": { en: "Items in your order", es: "Platos de tu pedido" },
  "summary.note": words((note: string) => `Note: ${note}`, (note: string) => `Nota: ${note}`),

  // Payment step
  "payment.heading": { en: "Payment", es: "Pago" },
  "payment.edit": { en: "Edit details", es: "Editar datos" },
  "payment.pickupFor": words((name: string) => `Pickup for ${name}`, (name: string) => `Para recoger en el local, a nombre de ${name}`),
  "payment.deliveryFor": words(
    (address: string, zip: string, name: string) => `Delivery to ${address}, ${zip} for ${name}`,
    (address: string, zip: string, name: string) => `Entrega en ${address}, ${zip}, a nombre de ${name}`,
  ),
  "payment.loading": { en: "Loading payment form...", es: "Cargando el formulario de pago..." },
  "payment.error": { en: "Payment Error", es: "Error en el pago" },
  "payment.configFailed": { en: "Failed to load payment system", es: "No se pudo cargar el sistema de pago" },
  "payment.unreachable": words(
    (phone: string) => `Failed to load payment system. Please reload the page or call us at ${phone}.`,
    (phone: string) => `No se pudo cargar el sistema de pago. Recarga la página o llámanos al ${phone}.`,
  ),
  "form.load": { en: "Failed to load payment system", es: "No se pudo cargar el sistema de pago" },
  "form.init": { en: "Payment system initialization failed", es: "No se pudo iniciar el sistema de pago" },
  "form.form": words(
    (reason: string) => `Payment form initialization failed: ${reason}`,
    // Square's reason is English and for developers: the customer reads what to do.
    (_reason: string) => "No se pudo iniciar el formulario de tarjeta",
  ),
  "form.callUs": words(
    (problem: string, phone: string) => `${problem}. Please reload the page, or call us at ${phone} to order.`,
    (problem: string, phone: string) => `${problem}. Recarga la página o llámanos al ${phone} para hacer tu pedido.`,
  ),
  "pay": words((amount: string) => `Pay ${amount}`, (amount: string) => `Pagar ${amount}`),
  "pay.test": words((amount: string) => `Pay ${amount} (test)`, (amount: string) => `Pagar ${amount} (prueba)`),
  "pay.processing": { en: "Processing...", es: "Procesando..." },
  "pay.notReady": { en: "Payment system not ready", es: "El sistema de pago todavía no está listo" },
  "pay.failed": { en: "Payment failed", es: "El pago no se completó" },
  "pay.failedWith": words((messages: string) => `Payment failed: ${messages}`, (messages: string) => `El pago no se completó: ${messages}`),
  "pay.processingFailed": { en: "Payment processing failed", es: "No se pudo procesar el pago" },
  "test.legend": { en: "TEST MODE", es: "MODO DE PRUEBA" },
  "test.note": {
    en: "Test card form: no real card is charged. Square's sandbox test card stands in for a card; pick the outcome the payment should have.",
    es: "Formulario de tarjeta de prueba: no se cobra ninguna tarjeta real. La tarjeta de prueba de Square reemplaza a una tarjeta; elige el resultado que debe tener el pago.",
  },
  "test.wallets": { en: "Test wallets", es: "Billeteras de prueba" },
  "test.wallet": words((wallet: string) => `${wallet} (test)`, (wallet: string) => `${wallet} (prueba)`),
  "test.outcome": { en: "Test card outcome", es: "Resultado de la tarjeta de prueba" },

  // Placing the order
  "pricesUpdated": { en: "Prices Updated", es: "Precios actualizados" },
  "failed.title": { en: "Order Failed", es: "No se pudo hacer el pedido" },
  "failed.text": words(
    (message: string) => `There was an issue processing your order: ${message}`,
    (message: string) => `Hubo un problema al procesar tu pedido: ${message}`,
  ),
  "failed.unknown": { en: "Unknown error", es: "Error desconocido" },
  "submit.offline": {
    en: "We could not reach our server. Please check your connection and try again.",
    es: "No pudimos comunicarnos con nuestro servidor. Revisa tu conexión e inténtalo de nuevo.",
  },
  "submit.empty": { en: "Empty response from server", es: "El servidor no envió respuesta" },
  "submit.invalid": { en: "Invalid JSON response from server", es: "El servidor envió una respuesta no válida" },
  "cart.empty": { en: "Your cart is empty. Taking you to the menu...", es: "Tu carrito está vacío. Te llevamos al menú..." },
  "cart.opening": { en: "Opening your order confirmation...", es: "Abriendo la confirmación de tu pedido..." },
} satisfies Dictionary;
