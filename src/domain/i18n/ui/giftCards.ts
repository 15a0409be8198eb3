// The gift card page's words (its island and its prerendered part), the answers of the gift card API in
// the customer's language, and the words of the two gift card e-mails: English and Spanish side by side.
import { words, type Dictionary } from "../translate";

export const giftCardWords = {
  "page.title": { en: "Gift Cards", es: "Tarjetas de regalo" },
  "page.metaTitle": { en: "E-Gift Cards | Jealous Fork Miami", es: "Tarjetas de regalo electrónicas | Jealous Fork Miami" },
  "page.description": {
    en: "Send a Jealous Fork e-gift card by e-mail in a minute: $25, $50, $100 or any amount from $10 to $500, good for brunch online and at the counter.",
    es: "Envía por correo una tarjeta de regalo de Jealous Fork en un minuto: $25, $50, $100 o cualquier monto de $10 a $500, válida en línea y en el mostrador.",
  },
  "page.lead": {
    en: "Brunch for someone who is not hungry today. The card arrives by e-mail within a minute and works online and at our counter.",
    es: "Un brunch para alguien que hoy no tiene hambre. La tarjeta llega por correo en un minuto y sirve en línea y en nuestro mostrador.",
  },
  "page.noExpiry": { en: "Our gift cards never expire and carry no fees.", es: "Nuestras tarjetas de regalo no vencen y no tienen cargos." },
  "link": { en: "Gift cards", es: "Tarjetas de regalo" },
  "link.cta": { en: "Send a gift card", es: "Regala una tarjeta" },
  "buy.heading": { en: "Send an e-gift card", es: "Envía una tarjeta de regalo" },
  "amount.legend": { en: "Amount", es: "Monto" },
  "amount.custom": { en: "Other amount", es: "Otro monto" },
  "amount.customLabel": { en: "Amount in dollars ($10 to $500)", es: "Monto en dólares (de $10 a $500)" },
  "amount.rule": { en: "Choose an amount from $10 to $500.", es: "Elige un monto de $10 a $500." },
  "recipient.legend": { en: "Who is it for?", es: "¿Para quién es?" },
  "recipient.name": { en: "Recipient's name", es: "Nombre de quien la recibe" },
  "recipient.email": { en: "Recipient's e-mail", es: "Correo de quien la recibe" },
  "message.label": { en: "Message (optional)", es: "Mensaje (opcional)" },
  "message.hint": words(
    (left: number) => `Plain text, ${left} characters left. It is shown in the e-mail as you write it.`,
    (left: number) => `Texto simple, quedan ${left} caracteres. Aparece en el correo tal como lo escribes.`,
  ),
  "buyer.legend": { en: "From", es: "De parte de" },
  "buyer.name": { en: "Your name", es: "Tu nombre" },
  "buyer.email": { en: "Your e-mail (for the receipt)", es: "Tu correo (para el recibo)" },
  "continue": { en: "Continue to Payment", es: "Continuar al pago" },
  "edit": { en: "Change details", es: "Cambiar datos" },
  "summary": words(
    (amount: string, name: string) => `${amount} gift card for ${name}`,
    (amount: string, name: string) => `Tarjeta de regalo de ${amount} para ${name}`,
  ),
  "field.required": { en: "Please fill in this field.", es: "Completa este campo." },
  "field.email": { en: "Please enter a valid e-mail address.", es: "Escribe un correo electrónico válido." },
  "field.messageTooLong": { en: "The message can be at most 200 characters.", es: "El mensaje puede tener como máximo 200 caracteres." },
  "done.title": { en: "Your gift card is on its way!", es: "¡Tu tarjeta de regalo va en camino!" },
  "done.body": words(
    (name: string, email: string) => `We e-mailed it to ${name} at ${email}, and your receipt to you.`,
    (name: string, email: string) => `Se la enviamos por correo a ${name} (${email}), y a ti tu recibo.`,
  ),
  "done.pending": {
    en: "Your payment went through. The card is being issued and will be e-mailed within a few minutes.",
    es: "Tu pago se realizó. La tarjeta se está emitiendo y llegará por correo en unos minutos.",
  },
  "done.number": words((sale: string) => `Purchase number ${sale}`, (sale: string) => `Número de compra ${sale}`),
  "done.another": { en: "Send another gift card", es: "Enviar otra tarjeta" },
  "balance.heading": { en: "Check a balance", es: "Consulta el saldo" },
  "balance.label": { en: "Gift card number (16 digits)", es: "Número de la tarjeta (16 dígitos)" },
  "balance.check": { en: "Check balance", es: "Consultar saldo" },
  "balance.checking": { en: "Checking...", es: "Consultando..." },
  "balance.result": words(
    (last4: string, balance: string) => `The card ending in ${last4} has ${balance}.`,
    (last4: string, balance: string) => `La tarjeta terminada en ${last4} tiene ${balance}.`,
  ),
  "failed.title": { en: "Something went wrong", es: "Algo salió mal" },
  // The API's answers (one sentence each; never Square's words).
  "refused.malformed": {
    en: "That is not a gift card number: it has 16 digits, printed in groups of four.",
    es: "Ese no es un número de tarjeta de regalo: tiene 16 dígitos, en grupos de cuatro.",
  },
  "refused.unknown": {
    en: "We could not find a gift card with that number. Please check the digits.",
    es: "No encontramos una tarjeta de regalo con ese número. Revisa los dígitos.",
  },
  "refused.inactive": {
    en: "This gift card is not active. Please call us and we will sort it out.",
    es: "Esta tarjeta de regalo no está activa. Llámanos y lo resolvemos.",
  },
  "refused.tooManyLookups": {
    en: "Too many balance checks from your network. Please wait a minute and try again.",
    es: "Demasiadas consultas de saldo desde tu red. Espera un minuto e inténtalo de nuevo.",
  },
  "refused.tooManySales": {
    en: "Too many gift card purchases from your network in a short while. Please wait a few minutes and try again.",
    es: "Demasiadas compras de tarjetas desde tu red en poco tiempo. Espera unos minutos e inténtalo de nuevo.",
  },
  "refused.unavailable": {
    en: "Gift cards cannot be bought or checked online right now. Please call us.",
    es: "Las tarjetas de regalo no se pueden comprar ni consultar en línea ahora. Llámanos.",
  },
  "refused.notReached": {
    en: "The gift card service is not answering right now. Please try again in a moment.",
    es: "El servicio de tarjetas de regalo no responde ahora. Inténtalo de nuevo en un momento.",
  },
  // The e-mails
  "mail.subject": words(
    (buyer: string, amount: string) => `${buyer} sent you a ${amount} Jealous Fork gift card`,
    (buyer: string, amount: string) => `${buyer} te envió una tarjeta de regalo de Jealous Fork de ${amount}`,
  ),
  "mail.heading": words((name: string) => `A gift for you, ${name}!`, (name: string) => `¡Un regalo para ti, ${name}!`),
  "mail.lead": words(
    (buyer: string, amount: string) => `${buyer} sent you a Jealous Fork e-gift card worth ${amount}.`,
    (buyer: string, amount: string) => `${buyer} te envió una tarjeta de regalo de Jealous Fork por ${amount}.`,
  ),
  "mail.messageLabel": words((buyer: string) => `Message from ${buyer}:`, (buyer: string) => `Mensaje de ${buyer}:`),
  "mail.numberLabel": { en: "Gift card number", es: "Número de la tarjeta" },
  "mail.amountLabel": { en: "Amount", es: "Monto" },
  "mail.howToUse": {
    en: "Use it at checkout on our website (Pay with a gift card) or show this number at the counter. It never expires.",
    es: "Úsala al pagar en nuestro sitio (Pagar con tarjeta de regalo) o muestra este número en el mostrador. No vence.",
  },
  "mail.balanceLink": { en: "Check the balance", es: "Consultar el saldo" },
  "mail.orderWithIt": { en: "Order with it", es: "Pedir con ella" },
  "mail.keepSafe": { en: "Keep this number safe: whoever has it can spend the card.", es: "Guarda bien este número: quien lo tenga puede usar la tarjeta." },
  "receipt.subject": words(
    (amount: string, name: string) => `Your receipt: ${amount} gift card for ${name}`,
    (amount: string, name: string) => `Tu recibo: tarjeta de regalo de ${amount} para ${name}`,
  ),
  "receipt.heading": { en: "Thank you for your gift!", es: "¡Gracias por tu regalo!" },
  "receipt.lead": words(
    (name: string, email: string) => `We e-mailed your gift card to ${name} (${email}).`,
    (name: string, email: string) => `Enviamos tu tarjeta de regalo a ${name} (${email}).`,
  ),
  "receipt.sale": { en: "Purchase number", es: "Número de compra" },
  "receipt.card": { en: "Card", es: "Tarjeta" },
  "receipt.total": { en: "Total charged", es: "Total cobrado" },
  "receipt.noTax": { en: "Gift cards carry no sales tax.", es: "Las tarjetas de regalo no pagan impuesto sobre las ventas." },
} satisfies Dictionary;
