// The checkout's fill from a saved address, and the words of "Order again"'s notices.
import { describe, expect, it } from "vitest";
import { noticeText } from "../account/reorderNoticeText";
import { EMPTY_DETAILS } from "./DetailsStep";
import { typedAddressOf, withAddress } from "./useSavedDetails";

const HOME = { id: "a", label: "Home", name: "Ana Pérez", phone: "+13055550142", email: "ana@example.com", address: "1200 SW 8th St", unit: "Apt 4B", city: "Miami", state: "FL", zipCode: "33135", deliveryNotes: "Blue door" };

describe("a saved address on the checkout's form", () => {
  it("fills who receives it and where, the unit on the street line in a form kept from before the Apt/Unit field", () => {
    const { unit: _unit, ...keptBefore } = EMPTY_DETAILS;
    expect(withAddress({ ...keptBefore, tip: "18" }, HOME)).toMatchObject({
      name: "Ana Pérez",
      email: "ana@example.com",
      phone: "(305) 555-0142",
      address: "1200 SW 8th St, Apt 4B",
      zipCode: "33135",
      deliveryNotes: "Blue door",
      tip: "18",
    });
  });

  it("puts the unit in the form's own Apt/Unit field once it has one", () => {
    const filled = withAddress(EMPTY_DETAILS, HOME);
    expect(filled.address).toBe("1200 SW 8th St");
    expect(filled.unit).toBe("Apt 4B");
  });
});

describe("a typed delivery saved to the account", () => {
  it("keeps who receives it and where, with the form's own Apt/Unit when it has one", () => {
    const typed = { ...EMPTY_DETAILS, name: "Bea", email: "bea@example.com", phone: "(305) 555-0100", address: "50 Biscayne Blvd", zipCode: "33132", deliveryNotes: "Lobby", orderNote: "no nuts" };
    expect(typedAddressOf(typed)).toEqual({ label: "", name: "Bea", phone: "(305) 555-0100", email: "bea@example.com", address: "50 Biscayne Blvd", unit: "", city: "Miami", state: "FL", zipCode: "33132", deliveryNotes: "Lobby" });
    expect(typedAddressOf({ ...typed, unit: "1203" } as typeof typed).unit).toBe("1203");
  });
});

describe("what order again left out, in words", () => {
  it("names the dish, the option and the time in the page's language", () => {
    expect(noticeText({ kind: "dish-sold-out", dish: "Hot Maple Flatbread" }, "en")).toBe("Hot Maple Flatbread is sold out: it was left out.");
    expect(noticeText({ kind: "option-gone", dish: "The Classic Brunch Burger", option: "Aguacate" }, "es")).toBe("Aguacate ya no se ofrece: tu The Classic Brunch Burger va sin eso.");
    expect(noticeText({ kind: "kitchen-closed", kitchens: ["Jealous Burger"], slot: "2026-11-21T22:00:00.000Z" }, "en")).toContain("Jealous Burger is not cooking now: your order is set for Saturday 5:00 PM");
  });
});
