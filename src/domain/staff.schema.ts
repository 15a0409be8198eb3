// Staff accounts as the API and the console speak them: the roles, a new account, a change to one,
// the set-up of a password, and the activity log's filters.
import * as z from "./zod";
import { hasControlCharacters } from "./plainText";
import { STAFF_ROLES } from "./staffRoles";

export * from "./staffRoles";

const name = z
  .string()
  .trim()
  .min(1, "Enter the person's name")
  .max(80, "Use at most 80 characters")
  .refine((text) => !hasControlCharacters(text), "Use plain text");
const email = z.string().trim().max(254).pipe(z.email("Enter a valid e-mail address"));

export const newStaffSchema = z.strictObject({ name, email, role: z.enum(STAFF_ROLES) });

export const staffChangeSchema = z
  .strictObject({ name: name.optional(), role: z.enum(STAFF_ROLES).optional(), disabled: z.boolean().optional() })
  .refine((change) => Object.keys(change).length > 0, "Send name, role or disabled");

/** A set-up link's token: 43 base64url characters (32 random bytes). */
export const setupTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "This set-up link is not valid");

export const setupPasswordSchema = z.strictObject({ token: setupTokenSchema, password: z.string().min(1, "Enter a password").max(200) });

export const activityQuerySchema = z.object({
  account: z.uuid("account must be an account id").optional(),
  action: z.string().regex(/^[a-z-]+(\.[a-z-]+)*$/, "action is a word like order.status").max(60).optional(),
  from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  before: z.coerce.number().int().positive().optional(),
});

/** A WebAuthn credential as @simplewebauthn/browser sends it; its fields are checked by the verifier. */
const credentialJson = z.looseObject({
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: z.string().max(10_000) }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
const ceremonyId = z.string().regex(/^[A-Za-z0-9_-]{24}$/, "This passkey request is not valid");

export const passkeyRegistrationSchema = z.strictObject({
  ceremonyId,
  response: credentialJson,
  label: z.string().trim().max(60).refine((text) => !hasControlCharacters(text), "Use plain text").default(""),
});
export const passkeySignInSchema = z.strictObject({ ceremonyId, response: credentialJson });
export const setupPasskeySchema = passkeyRegistrationSchema.extend({ token: setupTokenSchema });
