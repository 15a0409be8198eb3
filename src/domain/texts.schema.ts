// What the account page sends to choose texts about orders: a phone to prove, then the code texted to it.
import { toE164 } from "./checkoutCustomer";
import * as z from "./zod";

/** A US mobile number as typed ((305) 555-0142, +1 305...), answered in E.164. */
const usPhone = z
  .string()
  .trim()
  .min(7)
  .max(30)
  .transform((text, context) => {
    const phone = toE164(text);
    if (!phone) {
      context.addIssue({ code: "custom", message: "a US mobile number, for example (305) 555-0142" });
      return z.NEVER;
    }
    return phone;
  });

export const textPhoneSchema = z.strictObject({ phone: usPhone });
export const textCodeSchema = z.strictObject({ phone: usPhone, code: z.string().trim().min(4).max(10) });
