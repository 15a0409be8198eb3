import { afterEach, describe, expect, it } from "vitest";
import { blockLimitOf, clientAddress, clientNetwork, ipv4Block, ipv6Block, networkBlock } from "./rateLimit";

const setContext = (context: string | undefined) => {
  (globalThis as { Netlify?: unknown }).Netlify = context === undefined ? undefined : { context: { deploy: { context } }, env: { get: (key: string) => process.env[key] } };
};
afterEach(() => setContext(undefined));

const request = (headers: Record<string, string>) => new Request("https://jealousfork.example/api/orders", { headers });

describe("the client a request is counted as", () => {
  it("counts an IPv4 client seen through an IPv6 socket as that IPv4 address", () => {
    expect(clientNetwork("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientNetwork("::FFFF:198.51.100.4")).toBe("198.51.100.4");
    // The same addresses written in hex are the same clients.
    expect(clientNetwork("::ffff:c000:201")).toBe("192.0.2.1");
    expect(clientNetwork("0:0:0:0:0:ffff:cb00:7109")).toBe("203.0.113.9");
    expect(clientNetwork("::FFFF:C633:6404")).toBe("198.51.100.4");
    expect(ipv4Block("::ffff:c000:201")).toBe("192.0.2.0/24");
    expect(ipv4Block("192.0.2.77")).toBe("192.0.2.0/24");
    expect(ipv4Block("2001:db8::1")).toBeNull();
    expect(clientNetwork("203.0.113.9")).toBe("203.0.113.9");
    expect(clientNetwork("2001:db8:aa:bb:1:2:3:4")).toBe("2001:db8:aa:bb::/64");
  });

  it("puts an IPv6 client's /64 in its /48, whatever way the address is written, and an IPv4 one in none", () => {
    expect(ipv6Block("2001:db8:aa:bb:1:2:3:4")).toBe("2001:db8:aa::/48");
    expect(ipv6Block("2001:0db8:00aa:ffff::1")).toBe("2001:db8:aa::/48");
    expect(ipv6Block("2001:db8::1")).toBe("2001:db8:0::/48");
    expect(ipv6Block("2001:db8:1::1")).not.toBe(ipv6Block("2001:db8:2::1"));
    expect(ipv6Block("192.0.2.1")).toBeNull();
    expect(ipv6Block("::ffff:192.0.2.1")).toBeNull();
  });

  it("takes Netlify's address first, then the header its edge writes", () => {
    setContext("production");
    expect(clientAddress(request({ "x-forwarded-for": "192.0.2.1" }), "203.0.113.9")).toBe("203.0.113.9");
    expect(clientAddress(request({ "x-nf-client-connection-ip": "198.51.100.7", "x-forwarded-for": "192.0.2.1" }))).toBe("198.51.100.7");
  });

  it("never believes a client-sent X-Forwarded-For when deployed: one unknown client, not one per forged address", () => {
    setContext("production");
    expect(clientAddress(request({ "x-forwarded-for": "192.0.2.1" }))).toBe("unknown");
    expect(clientAddress(request({ "x-forwarded-for": "192.0.2.2" }))).toBe("unknown");
    setContext("deploy-preview");
    expect(clientAddress(request({ "x-forwarded-for": "192.0.2.3" }))).toBe("unknown");
  });

  it("reads X-Forwarded-For only where the code is certainly local (a proxy in front of the dev server)", () => {
    setContext("dev");
    expect(clientAddress(request({ "x-forwarded-for": "192.0.2.1, 10.0.0.1" }))).toBe("192.0.2.1");
    expect(clientAddress(request({}))).toBe("local");
  });
});

describe("the block a network is counted in beside it", () => {
  it("is the /48 of an IPv6 address and the /24 of an IPv4 one, and none for a key that is no address", () => {
    expect(networkBlock("2001:db8:aa:bb::1")).toBe("2001:db8:aa::/48");
    expect(networkBlock("198.51.100.7")).toBe("198.51.100.0/24");
    expect(networkBlock("::ffff:198.51.100.7")).toBe("198.51.100.0/24");
    expect(networkBlock("site-wide")).toBeNull();
    expect(networkBlock("account:2f6d")).toBeNull();
    expect(networkBlock("198.51.100.0/24")).toBeNull();
    const rule = { bucket: "x", limit: 5, windowMs: 1000 };
    expect(blockLimitOf(rule, "2001:db8:aa::/48")).toBe(20);
    expect(blockLimitOf({ ...rule, blockLimit: 7 }, "2001:db8:aa::/48")).toBe(7);
  });
});
