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
