// One field's problem as an answer's `issues` carry it (its path beside it), by code, in both languages
// (spread into errors.ts's dictionary): what a form field must hold.
import { formatAmount, type Cents } from "../../money";
import { localPrice } from "../prices";
import { words, type Dictionary } from "../translate";

/** A value shown as it is in every language (a price, an instant): the checkout reads it, no person does. */
const AS_IT_IS = words(
  (value: string) => value,
  (value: string) => value,
);

export const fieldErrorWords = {
  field_required: { en: "This field is required.", es: "Este campo es obligatorio." },
  field_too_long: words(
    (max: number) => `At most ${max} characters.`,
    (max: number) => `Como máximo ${max} caracteres.`,
  ),
  invalid_value: { en: "This value is not valid.", es: "Este valor no es válido." },
  invalid_name: { en: "Enter your name.", es: "Escribe tu nombre." },
  invalid_email: { en: "Please enter a valid email address.", es: "Escribe un correo electrónico válido." },
  invalid_phone: {
    en: "a phone number with its area code, such as (305) 555-0142",
    es: "un número de teléfono con su código de área, como (305) 555-0142",
  },
  invalid_zip_code: { en: "a 5-digit ZIP code", es: "un código postal de 5 dígitos" },
  invalid_address: { en: "Enter the delivery address.", es: "Escribe la dirección de entrega." },
  delivery_address_missing: { en: "a delivery needs an address and ZIP code", es: "una entrega a domicilio necesita dirección y código postal" },
  invalid_order_type: { en: "pickup or delivery", es: "recoger en el local o entrega a domicilio" },
  invalid_slot: { en: "a time from the list of times", es: "una hora de la lista" },
  cart_empty: { en: "the cart is empty", es: "el carrito está vacío" },
  too_many_lines: words(
    (max: number) => `at most ${max} different dishes per online order; call us for larger orders`,
    (max: number) => `como máximo ${max} platos distintos por pedido en línea; llámanos para pedidos más grandes`,
  ),
  too_many_dishes: words(
    (max: number) => `at most ${max} dishes per online order; call us for larger orders`,
    (max: number) => `como máximo ${max} platos por pedido en línea; llámanos para pedidos más grandes`,
  ),
  quantity_too_large: words(
    (max: number) => `at most ${max} of one dish per online order; call us for larger orders`,
    (max: number) => `como máximo ${max} unidades de un mismo plato por pedido en línea; llámanos para pedidos más grandes`,
  ),
  invalid_quantity: { en: "a whole number of dishes", es: "un número entero de platos" },
  invalid_option: { en: "an option from the menu", es: "una opción del menú" },
  invalid_tip: { en: "dollars and cents, zero or more", es: "dólares y centavos, cero o más" },
  tip_limit: words(
    (maxCents: Cents) => `at most $${formatAmount(maxCents)}`,
    (maxCents: Cents) => `como máximo ${localPrice(maxCents, "es")}`,
  ),
  control_characters: {
    en: "Please use only letters, digits and punctuation (no control or direction characters).",
    es: "Usa solo letras, dígitos y signos de puntuación (sin caracteres de control ni de dirección).",
  },
  payment_token_missing: { en: "the card entry is missing: enter your card again", es: "faltan los datos de la tarjeta: vuelve a ingresarla" },
  outside_delivery_area_field: { en: "outside our delivery area", es: "fuera de nuestra zona de entrega" },
  payment_field_refused: { en: "not accepted", es: "no aceptado" },
  // Issues whose message is a value the checkout reads, the same in every language: today's price
  // ("12.50"), and the next slot with room (an ISO instant, or "none").
  current_price: AS_IT_IS,
  next_free_time: AS_IT_IS,
} satisfies Dictionary;
