// Apple Pay on the web through Square: Square's domain association file, pasted in the console, served
// at /.well-known/apple-developer-merchantid-domain-association (200, no redirect), and each hostname of
// the site registered with Square from the console (the fake Square's POST /v2/apple-pay/domains).
import { beforeAll, describe, expect, it } from "vitest";
import { adminHeaders } from "../support/admin";
import { call, jsonOf } from "../support/functions";
import { useOrderServices } from "../support/orderServices";
import association from "../../netlify/functions/apple-pay-association.mts";
import adminApplePay from "../../netlify/functions/admin-apple-pay.mts";

const FILE = "7B2270737049..." + "a1b2c3d4".repeat(40);
const WELL_KNOWN = "/.well-known/apple-developer-merchantid-domain-association";

const running = useOrderServices();
let admin: Record<string, string>;

beforeAll(async () => {
  admin = await adminHeaders();
});

const register = (domainName: string) =>
  call(adminApplePay, "/api/admin/apple-pay/domains", { body: { domainName }, headers: admin, params: { action: "domains" } });

describe("Apple Pay's domain association file", () => {
  it("answers 404 until staff paste it, then serves it as it was given: 200, plain text, briefly cached", async () => {
    expect((await call(association, WELL_KNOWN)).status).toBe(404);
    const registerFirst = await register("jealousfork.com");
    expect(registerFirst.status).toBe(422);
    expect((await jsonOf(registerFirst)).error).toBe("Paste Square's domain association file first: Apple reads it when the domain is registered.");

    const saved = await call(adminApplePay, "/api/admin/apple-pay", { method: "PUT", body: { domainAssociation: `  ${FILE}\n` }, headers: admin });
    expect(saved.status).toBe(200);
    const served = await call(association, WELL_KNOWN);
    expect(served.status).toBe(200);
    expect(served.headers.get("location")).toBeNull();
    expect(served.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(served.headers.get("cache-control")).toBe("public, max-age=300");
    expect(await served.text()).toBe(FILE);
  });

  it("refuses a file that is too short to be one, and visitors", async () => {
    const short = await call(adminApplePay, "/api/admin/apple-pay", { method: "PUT", body: { domainAssociation: "abc" }, headers: admin });
    expect(short.status).toBe(400);
    expect((await jsonOf(short)).issues[0]).toMatchObject({ path: "domainAssociation", message: "paste the whole file Square gives" });
    expect((await call(adminApplePay, "/api/admin/apple-pay", { method: "PUT", body: { domainAssociation: FILE } })).status).toBe(401);
  });
});

describe("registering the site's domains with Square", () => {
  it("registers each hostname once with Square and lists them with their status", async () => {
    await call(adminApplePay, "/api/admin/apple-pay", { method: "PUT", body: { domainAssociation: FILE }, headers: admin });
    const first = await register("JealousFork.com");
    expect(first.status).toBe(201);
    expect((await jsonOf(first)).domain).toMatchObject({ domainName: "jealousfork.com", status: "VERIFIED" });
    expect((await register("www.jealousfork.com")).status).toBe(201);
    expect((await register("jealousfork.com")).status).toBe(201);
    expect(running.square.requestsTo("POST", "/v2/apple-pay/domains").map((request) => request.body.domain_name)).toEqual([
      "jealousfork.com",
      "www.jealousfork.com",
      "jealousfork.com",
    ]);
    const listed = await jsonOf(await call(adminApplePay, "/api/admin/apple-pay", { method: "GET", headers: admin }));
    expect(listed.associationSet).toBe(true);
    expect(listed.domains.map((domain: { domainName: string }) => domain.domainName).sort()).toEqual(["jealousfork.com", "www.jealousfork.com"]);
  });

  it.each(["https://jealousfork.com", "localhost", "jealousfork.com:8888", "127.0.0.1"])("refuses %s before asking Square", async (name) => {
    await call(adminApplePay, "/api/admin/apple-pay", { method: "PUT", body: { domainAssociation: FILE }, headers: admin });
    const res = await register(name);
    expect(res.status).toBe(422);
    expect(running.square.requestsTo("POST", "/v2/apple-pay/domains")).toEqual([]);
  });

  it("answers 502 when Square fails, and registers nothing", async () => {
    await call(adminApplePay, "/api/admin/apple-pay", { method: "PUT", body: { domainAssociation: FILE }, headers: admin });
    running.square.fault("POST /v2/apple-pay/domains", { status: 500 });
    const res = await register("order.jealousfork.com");
    expect(res.status).toBe(502);
    const listed = await jsonOf(await call(adminApplePay, "/api/admin/apple-pay", { method: "GET", headers: admin }));
    expect(listed.domains.map((domain: { domainName: string }) => domain.domainName)).not.toContain("order.jealousfork.com");
  });
});
