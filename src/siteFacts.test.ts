import { describe, expect, it, vi } from "vitest";

vi.mock("astro:content", () => ({ getEntry: vi.fn() }));
vi.mock("./server/content/locations", () => ({ mainLocation: vi.fn() }));

const { withMainLocation } = await import("./siteFacts");

const SITE = {
  name: "Jealous Fork",
  address: { street: "14417 SW 42nd St", city: "Miami", state: "FL", zip: "33175" },
  phone: "(305) 699-1430",
  phoneE164: "+13056991430",
} as unknown as Parameters<typeof withMainLocation>[0];

const LOCATION = {
  id: "main", name: "Jealous Fork", slug: "miami", description: "", address: "14420 SW 42nd St", city: "Miami", state: "FL",
  zipCode: "33175", phone: "(305) 555-0199", isActive: true, isMainLocation: true, imageUrl: null, heroImageUrl: null,
  createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z",
};

describe("the facts the public pages show", () => {
  it("take the main location's address and phone, with the tel: link in E.164", () => {
    const facts = withMainLocation(SITE, LOCATION);
    expect(facts.address.street).toBe("14420 SW 42nd St");
    expect(facts.phone).toBe("(305) 555-0199");
    expect(facts.phoneE164).toBe("+13055550199");
  });

  it("keep content/site.json's where the location leaves a field blank or its phone cannot be dialled", () => {
    const facts = withMainLocation(SITE, { ...LOCATION, address: "", phone: "call us" });
    expect(facts.address.street).toBe("14417 SW 42nd St");
    expect([facts.phone, facts.phoneE164]).toEqual(["(305) 699-1430", "+13056991430"]);
    expect(withMainLocation(SITE, null)).toBe(SITE);
  });
});
