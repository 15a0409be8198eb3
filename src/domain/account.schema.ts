// What a diner sends to the account API: a request for a sign-in link (e-mail, and a name for a new
// account), and the link's token when they use it. Passkey ceremonies take the staff's shapes.
import * as z from "./zod";
import { hasControlCharacters } from "./plainText";

export { passkeyRegistrationSchema, passkeySignInSchema } from "./staff.schema";

export const linkRequestSchema = z.strictObject({
  email: z.string().trim().max(254).pipe(z.email("Enter a valid e-mail address")),
  name: z
    .string()
    .trim()
    .max(80, "Use at most 80 characters")
    .refine((text) => !hasControlCharacters(text), "Use plain text")
    .default(""),
});

export const linkTokenSchema = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "This sign-in link is not valid") });
