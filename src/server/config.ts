// Every environment variable the server reads, with its meaning, default and rule, parsed with zod in
// one place; and where the code runs, which decides whether the development-only ones apply.
import * as z from "../domain/zod";
import { parseVariables, variable, type ParsedVariables, type Variable } from "./configVariables";

import { isDeployed } from "./runtimeContext";
import { forgetWithInstance } from "./platform/instanceMemory";

export { deployContext, isDeployed, isLocal } from "./runtimeContext";

const text = z.string().min(1);
const httpUrl = z.url({ protocol: /^https?$/ });
/** A key of the phone verification service: all three set, or loyalty stays off. */
const twilioKey = (description: string, secret: boolean, defaultText = "none") => variable({ description, defaultText, secret, developmentOnly: false, schema: text, fallback: undefined });

/** The variables, in the order README's table and .env.example list them. */
export const CONFIG_VARIABLES = {
  SQUARE_ACCESS_TOKEN: variable({
    description: "Square API access token (server only)",
    defaultText: "none: locally a test gateway takes payments; deployed, orders answer 503",
    secret: true,
    developmentOnly: false,
    schema: text,
    fallback: undefined,
  }),
  SQUARE_ENVIRONMENT: variable({
    description: "`sandbox` or `production`",
    defaultText: "`sandbox`",
    secret: false,
    developmentOnly: false,
    schema: z.string().toLowerCase().pipe(z.enum(["sandbox", "production"])),
    fallback: "sandbox",
  }),
  SQUARE_LOCATION_ID: variable({
    description: "The Square location that takes the orders",
    defaultText: "none",
    secret: false,
    developmentOnly: false,
    schema: text,
    fallback: undefined,
  }),
  PUBLIC_SQUARE_APPLICATION_ID: variable({
    description: "Square Web Payments application id (public)",
    defaultText: "none",
    secret: false,
    developmentOnly: false,
    schema: text,
    fallback: undefined,
  }),
  SQUARE_BASE_URL: variable({
    description: "Tests only: where a fake Square listens",
    defaultText: "Square's own",
    secret: false,
    developmentOnly: true,
    schema: httpUrl,
    fallback: undefined,
  }),
  SQUARE_TIMEOUT_SECONDS: variable({
    description: "Per-call timeout of Square calls, 0.1 to 30 seconds",
    defaultText: "10",
    secret: false,
    developmentOnly: false,
    // Kept short so two Square calls and their retries fit well inside a function's 60 s budget.
    schema: z.coerce.number().min(0.1).max(30),
    fallback: 10,
  }),
  SQUARE_MAX_RETRIES: variable({
    description: "SDK retries of a Square call, 0 to 3 (a retry reuses the idempotency key)",
    defaultText: "1",
    secret: false,
    developmentOnly: false,
    schema: z.coerce.number().min(0).max(3),
    fallback: 1,
  }),
  SQUARE_CALLS_IN_FLIGHT: variable({
    description: "Calls to Square in flight at once across every function instance, 0 for no bound (a 429 is waited out with backoff)",
    defaultText: "8",
    secret: false,
    developmentOnly: false,
    schema: z.coerce.number().int().min(0).max(100),
    fallback: 8,
  }),
  SQUARE_CHECKOUTS_PER_SECOND: variable({
    description: "New charges started per second at most (two Square calls each); past it an attempt is refused at once, not charged",
    defaultText: "5 (a kitchen takes a few orders a minute; Square rate limits past an unpublished rate)",
    secret: false,
    developmentOnly: false,
    schema: z.coerce.number().min(0.1).max(1000),
    fallback: 5,
  }),
  SQUARE_WEBHOOK_SIGNATURE_KEY: variable({
    description: "Signature key of the Square webhook subscription, to verify Square's notifications",
    defaultText: "none",
    secret: true,
    developmentOnly: false,
    schema: text,
    fallback: undefined,
  }),
  SQUARE_WEBHOOK_URL: variable({
    description: "The notification URL exactly as registered with Square (part of the signed text)",
    defaultText: "none",
    secret: false,
    developmentOnly: false,
    schema: httpUrl,
    fallback: undefined,
  }),
  SMTP_URL: variable({
    description: "The mail provider's SMTP server, e.g. smtps://user:password@smtp.example.com:465 (secret)",
    defaultText: "none: locally `npm run dev` starts a mail catcher; deployed, e-mails wait in the outbox",
    secret: true,
    developmentOnly: false,
    schema: z.url({ protocol: /^smtps?$/ }),
    fallback: undefined,
  }),
  MAIL_FROM: variable({
    description: "The sender of the e-mails, e.g. Jealous Fork <orders@jealousfork.com>",
    defaultText: "`Jealous Fork <orders@jealousfork.com>`",
    secret: false,
    developmentOnly: false,
    schema: text,
    fallback: "Jealous Fork <orders@jealousfork.com>",
  }),
  MAIL_RATE_PER_MINUTE: variable({
    description: "E-mails the outbox sends per minute at most, the provider's sending limit (a 421, 450-452 or 429 is retried later)",
    defaultText: "60: one a second, under free tiers' 2-5 a second (a day's cap still needs a transactional provider)",
    secret: false,
    developmentOnly: false,
    schema: z.coerce.number().int().min(1).max(60000),
    fallback: 60,
  }),
  SITE_URL: variable({
    description: "The site's address, for the links in e-mails",
    defaultText: "Netlify's `URL`, else https://jealousfork.com",
    secret: false,
    developmentOnly: false,
    schema: httpUrl,
    fallback: undefined,
  }),
  OWNER_EMAIL: variable({
    description: "E-mail of the first owner account, which signs in with ADMIN_PASSWORD until it has a passkey or password of its own",
    defaultText: "locally owner@jealousfork.test; deployed, the console stays closed (503)",
    secret: false,
    developmentOnly: false,
    schema: z.email(),
    fallback: undefined,
  }),
  ADMIN_PASSWORD: variable({
    description: "First owner's set-up password (at least 16 characters when deployed), refused once that owner has a passkey or password of their own",
    defaultText: "locally a development password printed at start; deployed, the console stays closed (503)",
    secret: true,
    developmentOnly: false,
    schema: text,
    fallback: undefined,
  }),
  SESSION_SECRET: variable({
    description: "Secret that signs admin session cookies",
    defaultText: "locally a random one; deployed, the console stays closed (503)",
    secret: true,
    developmentOnly: false,
    schema: text,
    fallback: undefined,
  }),
  DOORDASH_DEVELOPER_ID: variable({
    description: "DoorDash Drive developer id (Developer Portal > Credentials): with the key id and signing secret, delivery orders get a courier's quote and a driver",
    defaultText: "none: delivery stays the in-house ZIP-code delivery at a flat fee",
    secret: false,
    developmentOnly: false,
    schema: text,
    fallback: undefined,
  }),
  DOORDASH_KEY_ID: variable({
    description: "DoorDash Drive access key id",
    defaultText: "none",
    secret: false,
    developmentOnly: false,
    schema: text,
    fallback: undefined,
  }),
  DOORDASH_SIGNING_SECRET: variable({
    description: "DoorDash Drive access key's signing secret (signs each request's JWT)",
    defaultText: "none",
    secret: true,
    developmentOnly: false,
    schema: text,
    fallback: undefined,
  }),
  DOORDASH_WEBHOOK_AUTHORIZATION: variable({
    description: "The Authorization header value registered with DoorDash's webhook (Developer Portal > Webhooks), e.g. Basic dXNlcjpwYXNz",
    defaultText: "none: DoorDash's notifications are refused (503)",
    secret: true,
    developmentOnly: false,
    schema: text,
    fallback: undefined,
  }),
  TWILIO_ACCOUNT_SID: twilioKey("Twilio account SID: with the next two, diners prove a phone by a one-time code (Twilio Verify) and loyalty can be linked", false, "none: loyalty stays off"),
  TWILIO_AUTH_TOKEN: twilioKey("Twilio auth token (server only)", true),
  TWILIO_VERIFY_SERVICE_SID: twilioKey("The Twilio Verify service (VA...) that sends the codes", false),
  TWILIO_VERIFY_BASE_URL: variable({ description: "Tests only: where a fake Twilio Verify listens", defaultText: "Twilio's own (https://verify.twilio.com)", secret: false, developmentOnly: true, schema: httpUrl, fallback: undefined }),
  TWILIO_MESSAGING_SERVICE_SID: twilioKey("The Twilio Messaging Service (MG...) that sends a diner's order texts (ready, curbside, courier, running late), with the account SID and auth token above", false, "none: texts off, order news goes by e-mail only"),
  TWILIO_API_BASE_URL: variable({ description: "Tests only: where a fake Twilio Messaging API listens", defaultText: "Twilio's own (https://api.twilio.com)", secret: false, developmentOnly: true, schema: httpUrl, fallback: undefined }),
  DOORDASH_BASE_URL: variable({ description: "Tests only: where a fake DoorDash listens", defaultText: "DoorDash's own (https://openapi.doordash.com)", secret: false, developmentOnly: true, schema: httpUrl, fallback: undefined }),
  RESTAURANT_CLOCK: variable({
    description: 'ISO 8601 instant taken as "now" (tests and demos)',
    defaultText: "the real clock",
    secret: false,
    developmentOnly: true,
    schema: z
      .string()
      .transform((value) => new Date(value))
      .refine((date) => !Number.isNaN(date.getTime()), "an ISO 8601 instant"),
    fallback: undefined,
  }),
  STAFF_PASSWORD_SCRYPT_LOG2N: variable({ description: "Tests only: a cheaper scrypt cost (log2 of N) for staff passwords hashed from now on, so suites that sign in hundreds of times spend seconds, not minutes, on hashing", defaultText: "16 (N = 65536, 64 MiB a hash)", secret: false, developmentOnly: true, schema: z.coerce.number().int().min(10).max(20), fallback: undefined }),
  STORE_NAMESPACE: variable({
    description: "Prefix of the picture store's name, so a test run has a store of its own",
    defaultText: "none",
    secret: false,
    developmentOnly: true,
    schema: text,
    fallback: undefined,
  }),
  SITE_ID: variable({
    description: "The Netlify site's id (Netlify sets it), for purging the CDN's menu answers",
    defaultText: "none: the purge is skipped",
    secret: false,
    developmentOnly: false,
    schema: text,
    fallback: undefined,
  }),
  NETLIFY_PURGE_API_TOKEN: variable({
    description: "Token of Netlify's cache purge API (Netlify sets it in functions)",
    defaultText: "none: the purge is skipped",
    secret: true,
    developmentOnly: false,
    schema: text,
    fallback: undefined,
  }),
  BUILD_HOOK_URL: variable({
    description: "The site's Netlify build hook (Site configuration > Build hooks): a console save that changes a page rebuilds the site through it, debounced",
    defaultText: "none: pages change at the next deploy; locally `npm run build`, while `npm run dev` shows changes at once",
    secret: true,
    developmentOnly: false,
    schema: httpUrl,
    fallback: undefined,
  }),
};

export type ConfigVariableName = keyof typeof CONFIG_VARIABLES;
export const CONFIG_VARIABLE_NAMES = Object.keys(CONFIG_VARIABLES) as ConfigVariableName[];

type ValueOf<Name extends ConfigVariableName> =
  (typeof CONFIG_VARIABLES)[Name] extends Variable<infer T, infer F> ? z.output<T> | F : never;

/** The server's configuration, typed: a variable that is unset, empty or invalid holds its fallback. */
export type ServerConfig = { readonly [Name in ConfigVariableName]: ValueOf<Name> };

type Parsed = ParsedVariables<ConfigVariableName, ServerConfig>;

let cache: Parsed | undefined;
forgetWithInstance(() => {
  cache = undefined;
});

function rawValues(): (string | undefined)[] {
  return CONFIG_VARIABLE_NAMES.map((name) => process.env[name]);
}

function parse(raw: readonly (string | undefined)[]): Parsed {
  return parseVariables<ConfigVariableName, ServerConfig>(CONFIG_VARIABLE_NAMES, CONFIG_VARIABLES, raw);
}

function parsed(): Parsed {
  const raw = rawValues();
  // Parsed once; parsed again only when a value changed (tests set variables between cases).
  if (!cache || raw.some((value, index) => value !== cache?.raw[index])) cache = parse(raw);
  return cache;
}

/**
 * The configuration for this invocation: the development-only variables are unset when deployed.
 * Secret values are in it: pass them only to what needs them, never to a log or a browser.
 */
export function serverConfig(): ServerConfig {
  const config = parsed();
  return isDeployed() ? config.deployed : config.local;
}

/** The trimmed text of a set, valid variable (development-only ones only locally), or undefined. */
export function configText(name: ConfigVariableName): string | undefined {
  const config = parsed();
  return (isDeployed() ? config.textDeployed : config.textLocal)[name];
}

/** Forgets the parsed configuration, so the next read parses process.env again (tests). */
export function resetServerConfig(): void {
  cache = undefined;
}
