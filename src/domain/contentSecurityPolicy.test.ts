import { describe, expect, it } from "vitest";
import {
  DEVELOPMENT_SCRIPT_HASHES,
  FRAME_POLICY,
  POLICY_DIRECTIVES,
  SCRIPT_ORIGINS,
  SECURITY_HEADERS,
  STYLE_ORIGINS,
  headerPolicy,
  headersFile,
  parsePolicy,
  scriptHashes,
  securityHeadersFor,
} from "./contentSecurityPolicy";

const HASH = "'sha256-qzqAzHYvjhwAqvBuAebsVuCNLbwoQcpn46+Tyg20TII='";

/** The value of `name` in the "/*" rule of a _headers text. */
function headerValue(text: string, name: string): string | undefined {
  const lines = text.split("\n");
  const rule = lines.indexOf("/*");
  return lines
    .slice(rule + 1)
    .find((line) => line.startsWith(`  ${name}: `))
    ?.slice(name.length + 4);
}

describe("the generated security headers", () => {
  it("send the policy built from the definition, with the pages' script hashes, to every file", () => {
    const text = headersFile([HASH]);
    expect(headerValue(text, "Content-Security-Policy")).toBe(headerPolicy([HASH]));
    const policy = parsePolicy(headerValue(text, "Content-Security-Policy")!);
    for (const [name, values] of Object.entries(POLICY_DIRECTIVES)) expect(policy.get(name), name).toEqual(values);
    expect(policy.get("script-src")).toEqual([...SCRIPT_ORIGINS, ...[HASH, ...DEVELOPMENT_SCRIPT_HASHES].sort()]);
    expect(policy.get("style-src")?.sort()).toEqual([...STYLE_ORIGINS, "'unsafe-inline'"].sort());
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  });

  it("allow no inline script but by its hash", () => {
    const scripts = parsePolicy(headerPolicy([HASH])).get("script-src")!.join(" ");
    expect(scripts).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it("send HSTS, nosniff, frame denial, a strict Referrer-Policy and a Permissions-Policy", () => {
    const text = headersFile([]);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headerValue(text, name), name).toBe(value);
    expect(Object.keys(SECURITY_HEADERS)).toEqual(
      expect.arrayContaining(["Strict-Transport-Security", "X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy", "Permissions-Policy"]),
    );
  });

  it("read the hashes of a policy as it writes them", () => {
    expect(scriptHashes(`default-src 'self'; script-src 'self' ${HASH} https://widgets.resy.com; style-src 'sha256-abc='`)).toEqual([HASH]);
  });

  it("give pages rendered on request the header-only part of the policy", () => {
    expect(parsePolicy(FRAME_POLICY).get("frame-ancestors")).toEqual(["'none'"]);
    expect(parsePolicy(FRAME_POLICY).get("object-src")).toEqual(POLICY_DIRECTIVES["object-src"]);
  });
});

/** The allow-list of one feature in a Permissions-Policy value ("payment=(self \"https://a\")" -> ["self", "https://a"]). */
function allowList(policy: string, feature: string): string[] | undefined {
  const match = new RegExp(`(?:^|,\\s*)${feature}=\\(([^)]*)\\)`).exec(policy);
  return match ? match[1]!.split(/\s+/).filter(Boolean).map((origin) => origin.replaceAll('"', "")) : undefined;
}

describe("what the wallets need, on the checkout only", () => {
  it("let the checkout (English or Spanish) ask for a payment from itself, Square's SDK and Google Pay, and no one else", () => {
    for (const path of ["/checkout", "/checkout/", "/es/checkout"]) {
      expect(allowList(securityHeadersFor(path)["Permissions-Policy"]!, "payment"), path).toEqual([
        "self",
        "https://sandbox.web.squarecdn.com",
        "https://web.squarecdn.com",
        "https://pay.google.com",
      ]);
    }
  });

  it("let no other page ask for a payment, and keep every other feature off on the checkout too", () => {
    for (const path of ["/", "/full-menu", "/order-confirmation/abc", "/checkout-help", "/admin"]) {
      expect(allowList(securityHeadersFor(path)["Permissions-Policy"]!, "payment"), path).toEqual([]);
    }
    expect(allowList(SECURITY_HEADERS["Permissions-Policy"]!, "payment")).toEqual([]);
    const checkout = securityHeadersFor("/checkout")["Permissions-Policy"]!;
    for (const feature of ["camera", "microphone", "geolocation", "usb", "browsing-topics"]) expect(allowList(checkout, feature), feature).toEqual([]);
    expect({ ...securityHeadersFor("/checkout"), "Permissions-Policy": "" }).toEqual({ ...SECURITY_HEADERS, "Permissions-Policy": "" });
  });

  it("allow Google Pay's and Cash App Pay's scripts, Square's fonts and the 3-D Secure frames, and nothing with a wildcard", () => {
    const policy = parsePolicy(headerPolicy([]));
    expect(policy.get("script-src")).toEqual(expect.arrayContaining(["https://pay.google.com", "https://kit.cash.app", "https://sandbox.kit.cash.app"]));
    expect(policy.get("frame-src")).toEqual(expect.arrayContaining(["https://pay.google.com", "https://geoissuer.cardinalcommerce.com", "https://centinelapi.cardinalcommerce.com"]));
    expect(policy.get("connect-src")).toEqual(expect.arrayContaining(["https://pay.google.com", "https://api.cash.app", "https://pci-connect.squareup.com"]));
    expect(policy.get("font-src")).toEqual(expect.arrayContaining(["https://square-fonts-production-f.squarecdn.com", "https://d1g145x70srn7h.cloudfront.net"]));
    for (const [name, values] of policy) expect(values.filter((value) => value.includes("*")), name).toEqual([]);
  });
});
