import { describe, expect, it } from "vitest";
import { regexes, z } from "zod";
import { customerInfoSchema, zipCodeSchema } from "./orderRequest.schema";
import { CUSTOMER_LIMITS, displayPhone, EMAIL_PATTERN, isZipCode, wrongCustomerField, type CustomerField } from "./checkoutCustomer";

const valid = { name: "Ana Pérez", email: "ana@example.com", phone: "(305) 699-1430" };

/** The field POST /api/orders names first when it refuses the customer, as the checkout reads it. */
function serverWrongField(customer: typeof valid): CustomerField | undefined {
  const parsed = customerInfoSchema.safeParse(customer);
  return parsed.success ? undefined : (parsed.error.issues[0]?.path[0] as CustomerField);
}

// Each sample with the field both sides must name (undefined: accepted).
const customers: [string, Partial<typeof valid>, CustomerField | undefined][] = [
  ["complete details", {}, undefined],
  ["a blank name", { name: "   " }, "name"],
  ["a name at the limit", { name: "A".repeat(CUSTOMER_LIMITS.name) }, undefined],
  ["a name at the limit with spaces around it", { name: ` ${"A".repeat(CUSTOMER_LIMITS.name)} ` }, undefined],
  ["a name one past the limit", { name: "A".repeat(CUSTOMER_LIMITS.name + 1) }, "name"],
  ["an e-mail with a tag and a subdomain", { email: "first.last+tag@sub.example.org" }, undefined],
  ["an e-mail with an apostrophe", { email: "o'brien@example.ie" }, undefined],
  ["an e-mail without a domain's dot", { email: "ana@example" }, "email"],
  ["an e-mail with a one-letter top-level domain", { email: "ana@example.c" }, "email"],
  ["an e-mail ending its local part with a dot", { email: "ana.@example.com" }, "email"],
  ["an e-mail with two @", { email: "ana@@example.com" }, "email"],
  ["an e-mail with a space before it (not trimmed)", { email: " ana@example.com" }, "email"],
  ["an e-mail of exactly 254 characters", { email: `${"a".repeat(242)}@example.com` }, undefined],
  ["an e-mail of 255 characters", { email: `${"a".repeat(243)}@example.com` }, "email"],
  ["a phone with dots", { phone: "305.699.1430" }, undefined],
  ["a phone of 7 digits, without its area code (Square needs E.164)", { phone: "  3056991  " }, "phone"],
  ["a phone with its country code", { phone: "+1 (305) 699-1430" }, undefined],
  ["an international phone written with +", { phone: "+44 20 7946 0958" }, undefined],
  ["a 10-digit phone whose area code starts with 0", { phone: "(055) 699-1430" }, "phone"],
  ["a phone of 6 characters", { phone: "305699" }, "phone"],
  ["a phone of 7 characters but 6 digits", { phone: "305 699" }, "phone"],
  ["a phone with slashes", { phone: "305/699/1430" }, "phone"],
  ["a phone with an extension", { phone: "305-699-1430 ext 2" }, "phone"],
  ["a phone of 26 characters", { phone: "1".repeat(26) }, "phone"],
  ["a bad name and a bad e-mail", { name: "", email: "ana" }, "name"],
  ["a bad e-mail and a bad phone", { email: "ana", phone: "12" }, "email"],
];

describe("the checkout's customer rule and POST /api/orders' schema", () => {
  it.each(customers)("agree on %s", (_, change, expected) => {
    const customer = { ...valid, ...change };
    expect(wrongCustomerField(customer)).toBe(expected);
    expect(serverWrongField(customer)).toBe(expected);
  });

  it("check e-mails with zod's own default pattern, so the server accepts what z.email() accepted", () => {
    expect(EMAIL_PATTERN.source).toBe(regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(regexes.email.flags);
    const before = z.email().max(254);
    for (const [, change] of customers) {
      const email = change.email ?? valid.email;
      expect(customerInfoSchema.shape.email.safeParse(email).success).toBe(before.safeParse(email).success);
    }
  });
});

describe("the checkout's ZIP shape and the server's zipCodeSchema", () => {
  it.each([
    ["33156", true],
    ["33156-1234", true],
    [" 33156 ", true],
    ["3315", false],
    ["331567", false],
    ["33156-12", false],
    ["33156 1234", false],
    ["ABCDE", false],
    ["", false],
  ] as const)("agree that %j is a ZIP code: %s", (zipCode, expected) => {
    expect(isZipCode(zipCode)).toBe(expected);
    expect(zipCodeSchema.safeParse(zipCode).success).toBe(expected);
  });
});

describe("a phone as people read it", () => {
  it.each([
    ["3052221234", "(305) 222-1234"],
    ["305.222.1234", "(305) 222-1234"],
    ["+1 305 222 1234", "(305) 222-1234"],
    ["1-305-222-1234", "(305) 222-1234"],
    ["  (305) 222-1234 ", "(305) 222-1234"],
    ["+44 20 7946 0958", "+44 20 7946 0958"],
    ["3056991", "3056991"],
  ] as const)("shows %j as %j", (typed, shown) => {
    expect(displayPhone(typed)).toBe(shown);
  });
});
