// What a customer types cannot pass for the restaurant's words: the delivery address, city, state, phone
// and notes refuse control and direction characters (400, naming the field, nothing stored or charged),
// and notes reach the kitchen's ticket on one line.
import { describe, expect, it } from "vitest";
import { testDatabase } from "../support/database";
import { jsonOf } from "../support/functions";
import { PICKUP_ORDER, postOrder, useOrderServices } from "../support/orderServices";

const running = useOrderServices();
const deliveryInfo = { address: "14417 SW 42nd St", city: "Miami", state: "FL", zipCode: "33175", phone: "", deliveryNotes: "Gate 12" };
const delivery = (info: Record<string, string>) => ({ ...PICKUP_ORDER, orderType: "delivery", deliveryInfo: { ...deliveryInfo, ...info } });

describe("a delivery's free text", () => {
  it.each([
    ["address", "14417 SW 42nd St\u202Etxt.exe"],
    ["address", "14417 SW 42nd St\nPAID - NO CHARGE"],
    ["city", "Miami\u0007"],
    ["state", "FL\u2066"],
    ["phone", "(305) 555-0142\u200F"],
    ["deliveryNotes", "Gate 12\u202E"],
    ["deliveryNotes", "Gate\u0000 12"],
  ])("refuses a control or direction character in %s (%j) before anything is stored", async (field, value) => {
    const before = await testDatabase().count("orders");
    const res = await postOrder(delivery({ [field]: value }));
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).issues).toContainEqual(expect.objectContaining({ path: `deliveryInfo.${field}` }));
    expect(await testDatabase().count("orders")).toBe(before);
    expect(running.square.requests).toHaveLength(0);
  });

  it("keeps notes typed on several lines as one line, on the order and on the kitchen's ticket", async () => {
    const res = await postOrder(delivery({ deliveryNotes: "Gate 12\nRing twice\r\n\tthen wait" }));
    expect(res.status).toBe(201);
    const [stored] = await testDatabase().rows<{ delivery: { notes: string } }>("SELECT delivery FROM orders WHERE id = $1", [(await jsonOf(res)).orderId]);
    expect(stored!.delivery.notes).toBe("Gate 12 Ring twice then wait");
    const note: string = running.square.requestsTo("POST", "/v2/orders")[0]!.body.order.fulfillments[0].pickup_details.note;
    expect(note.split("\n")).toContain("Notes: Gate 12 Ring twice then wait");
  });
});
