import { describe, expect, it } from "vitest";
import {
  DEVELOPMENT_SCRIPT_HASHES,
  FILE_HEADERS,
  FRAME_POLICY,
  POLICY_DIRECTIVES,
  SCRIPT_ORIGINS,
  SECURITY_HEADERS,
  astroDirectives,
  headerPolicy,
  headersFile,
  narrowScriptHashes,
  pagePatterns,
  parsePolicy,
  patternOf,
  runnableInlineScripts,
  scriptHashes,
  securityHeadersFor,
} from "./contentSecurityPolicy";

const HASH = "'sha256-qzqAzHYvjhwAqvBuAebsVuCNLbwoQcpn46+Tyg20TII='";
const OTHER_HASH = "'sha256-QVeiwDrd+4HUtS+AES6ILS5XUQXczdzuvljsWdAP3YQ='";

/** The rules of a _headers text: each path with its `Name: value` lines. */
function rulesOf(text: string): Map<string, Record<string, string>> {
  const rules = new Map<string, Record<string, string>>();
  let current: Record<string, string> | undefined;
  for (const line of text.split("\n")) {
    if (!line.trim() || line.startsWith("#")) continue;
    if (!line.startsWith(" ")) rules.set(line, (current = {}));
    else current![line.slice(2, line.indexOf(": "))] = line.slice(line.indexOf(": ") + 2);
  }
  return rules;
}

/** What a page under `pattern` is sent: the "/*" rule's headers and its own rule's (Netlify joins a name set twice). */
function pageHeaders(text: string, pattern: string): Record<string, string> {
  const rules = rulesOf(text);
  const all = rules.get("/*")!;
  const own = rules.get(pattern)!;
  for (const name of Object.keys(own)) expect(all[name], `${name} is set by "/*" and ${pattern}`).toBeUndefined();
  return { ...all, ...own };
}

describe("the generated security headers", () => {
  it("send the policy built from the definition to every page, each rule with the script hashes of its own pages", () => {
    const text = headersFile(new Map([["/", [HASH]], ["/es/*", [OTHER_HASH]]]));
    expect(pageHeaders(text, "/")["Content-Security-Policy"]).toBe(headerPolicy([HASH]));
    expect(pageHeaders(text, "/es/*")["Content-Security-Policy"]).toBe(headerPolicy([OTHER_HASH]));
    const policy = parsePolicy(pageHeaders(text, "/")["Content-Security-Policy"]!);
    expect(policy.get("script-src")).toEqual([...SCRIPT_ORIGINS, ...[HASH, ...DEVELOPMENT_SCRIPT_HASHES].sort()]);
    for (const name of ["object-src", "base-uri", "form-action"]) expect(policy.get(name), name).toEqual(POLICY_DIRECTIVES[name]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    // The rest of the allow-list is each page's <meta> policy's: a header that said default-src 'self' too
    // would block, beside it, the card form's frames and connections that the <meta> allows.
    expect([...policy.keys()].sort()).toEqual(["base-uri", "form-action", "frame-ancestors", "object-src", "script-src"]);
  });

  it("send every other file (a font, a stylesheet, a hashed script) nosniff alone, not a page's policies", () => {
    expect(rulesOf(headersFile(new Map([["/", [HASH]]]))).get("/*")).toEqual(FILE_HEADERS);
    expect(FILE_HEADERS).toEqual({ "X-Content-Type-Options": "nosniff" });
  });

  it("name each built page once: the home page, the pages at the top, and folders of pages as a whole", () => {
    const files = ["index.html", "404.html", "full-menu/index.html", "menu/index.html", "menu/pancakes/index.html", "es/index.html", "es/menu/pancakes/index.html", "essentials/index.html"];
    expect(pagePatterns(files)).toEqual(["/", "/404", "/full-menu", "/es/*", "/menu/*"]);
    expect(pagePatterns(["index.html", "es\\index.html", "es\\full-menu\\index.html"])).toEqual(["/", "/es/*"]);
  });

  it("find the rule that covers each built page, as Netlify matches them", () => {
    const patterns = pagePatterns(["index.html", "404.html", "full-menu/index.html", "es/index.html", "es/menu/pancakes/index.html", "essentials/index.html"]);
    const covering = (file: string) => patternOf(file, patterns);
    expect(["index.html", "404.html", "full-menu/index.html", "es/index.html", "es/menu/pancakes/index.html", "essentials/index.html"].map(covering)).toEqual([
      "/",
      "/404",
      "/full-menu",
      "/es/*",
      "/es/*",
      "/es/*",
    ]);
  });

  it("narrow a policy's script hashes to the ones kept, leaving every other source and directive as it was", () => {
    const policy = `default-src 'self'; script-src 'self' https://web.squarecdn.com ${HASH} ${OTHER_HASH}; style-src 'self' ${OTHER_HASH}`;
    expect(narrowScriptHashes(policy, new Set([HASH]))).toBe(`default-src 'self'; script-src 'self' https://web.squarecdn.com ${HASH}; style-src 'self' ${OTHER_HASH}`);
    expect(narrowScriptHashes(policy, new Set())).toBe(`default-src 'self'; script-src 'self' https://web.squarecdn.com; style-src 'self' ${OTHER_HASH}`);
    expect(narrowScriptHashes(policy, new Set([HASH, OTHER_HASH]))).toBe(policy);
  });

  it("count the scripts a page runs, not its JSON data blocks", () => {
    const html = `<script type="application/ld+json">{"@type":"Restaurant"}</script><script>run()</script><script type="module" src="/a.js"></script><script type="speculationrules">{}</script>`;
    expect(runnableInlineScripts(html)).toEqual(["run()", "{}"]);
  });

  it("allow no inline script but by its hash", () => {
    const scripts = parsePolicy(headerPolicy([HASH])).get("script-src")!.join(" ");
    expect(scripts).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it("send HSTS, nosniff, frame denial, a strict Referrer-Policy and a Permissions-Policy with every page", () => {
    const text = headersFile(new Map(["/", "/full-menu", "/menu/*"].map((pattern) => [pattern, []])));
    for (const pattern of ["/", "/full-menu", "/menu/*"]) {
      const headers = pageHeaders(text, pattern);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name], `${pattern}: ${name}`).toBe(value);
    }
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
    const policy = parsePolicy(`${astroDirectives().join("; ")}; ${headerPolicy([])}`);
    expect(policy.get("script-src")).toEqual(expect.arrayContaining(["https://pay.google.com", "https://kit.cash.app", "https://sandbox.kit.cash.app"]));
    expect(policy.get("frame-src")).toEqual(expect.arrayContaining(["https://pay.google.com", "https://geoissuer.cardinalcommerce.com", "https://centinelapi.cardinalcommerce.com"]));
    expect(policy.get("connect-src")).toEqual(expect.arrayContaining(["https://pay.google.com", "https://api.cash.app", "https://pci-connect.squareup.com"]));
    expect(policy.get("font-src")).toEqual(expect.arrayContaining(["https://square-fonts-production-f.squarecdn.com", "https://d1g145x70srn7h.cloudfront.net"]));
    for (const [name, values] of policy) expect(values.filter((value) => value.includes("*")), name).toEqual([]);
  });
});
