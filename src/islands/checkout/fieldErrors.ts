// The checkout's problems at their fields, all at once: what the browser finds before Continue, and a
// refusal's `issues` (zod paths such as "customerInfo.email" or "deliveryInfo.unit") put on the field
// the diner typed them into. The first field with a problem, in the form's order, is where focus goes.
import { CUSTOMER_LIMITS, EMAIL_PATTERN, wrongCustomerField } from "../../domain/checkoutCustomer";

/** The checkout's typed fields, in the order the form shows them. */
export const CHECKOUT_FIELDS = ["name", "email", "phone", "address", "unit", "city", "state", "zipCode", "deliveryNotes", "curbsideCar", "orderNote"] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];
export type FieldProblems = Partial<Record<CheckoutField, string>>;

/** Where each path of the order request is typed. */
const FIELD_OF_PATH: Readonly<Record<string, CheckoutField>> = {
  "customerInfo.name": "name",
  "customerInfo.email": "email",
  "customerInfo.phone": "phone",
  "deliveryInfo.address": "address",
  "deliveryInfo.unit": "unit",
  "deliveryInfo.city": "city",
  "deliveryInfo.state": "state",
  "deliveryInfo.zipCode": "zipCode",
  "deliveryInfo.phone": "phone",
  "deliveryInfo.deliveryNotes": "deliveryNotes",
  "curbside.car": "curbsideCar",
  note: "orderNote",
};

/** A refusal's issues on their fields (the first message per field); issues of no field are left out. */
export function problemsOfIssues(issues: readonly { path: string; message: string }[] | undefined): FieldProblems {
  const found: FieldProblems = {};
  for (const issue of issues ?? []) {
    const field = FIELD_OF_PATH[issue.path];
    if (field && !found[field]) found[field] = issue.message;
  }
  return found;
}

/** The first field with a problem, in the form's order. */
export function firstProblemField(problems: FieldProblems): CheckoutField | undefined {
  return CHECKOUT_FIELDS.find((field) => problems[field]);
}

export interface TypedDetails {
  name: string;
  email: string;
  phone: string;
  address: string;
  unit?: string;
  zipCode: string;
}

/** The words for each kind of problem, in the page's language. */
export interface ProblemWords {
  required: string;
  name: string;
  email: string;
  phone: string;
  tooLong: (max: number) => string;
}

/** Every problem of the typed contact and delivery fields at once (the ZIP's own rule is worded elsewhere). */
export function typedProblems(details: TypedDetails, delivery: boolean, words: ProblemWords): FieldProblems {
  const found: FieldProblems = {};
  const name = details.name.trim();
  if (!name) found.name = words.required;
  else if (name.length > CUSTOMER_LIMITS.name) found.name = words.tooLong(CUSTOMER_LIMITS.name);
  else if (wrongCustomerField({ name: details.name, email: "a@b.co", phone: "3055550142" }) === "name") found.name = words.name;
  if (!details.email.trim()) found.email = words.required;
  else if (details.email.length > CUSTOMER_LIMITS.email || !EMAIL_PATTERN.test(details.email)) found.email = words.email;
  if (!details.phone.trim()) found.phone = words.required;
  else if (wrongCustomerField({ name: "A", email: "a@b.co", phone: details.phone }) === "phone") found.phone = words.phone;
  if (delivery) {
    if (!details.address.trim()) found.address = words.required;
    if ((details.unit ?? "").trim().length > CUSTOMER_LIMITS.unit) found.unit = words.tooLong(CUSTOMER_LIMITS.unit);
    if (!details.zipCode.trim()) found.zipCode = words.required;
  }
  return found;
}
