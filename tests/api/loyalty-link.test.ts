// Linking a diner's account to Square Loyalty by a proved phone, against the fake Square's Loyalty: the
// counter regular's account is found by the phone and linked (its customer kept beside the account's own);
// with none, a new one is enrolled only with consent, by the phone mapping.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { enrolIdempotencyKey, linkLoyaltyByPhone } from "../../src/server/loyalty/link";
import { forgetLoyaltyProgram } from "../../src/server/loyalty/program";
import { testDatabase } from "../support/database";
import { useOrderServices } from "../support/orderServices";

const running = useOrderServices();
beforeEach(() => forgetLoyaltyProgram());

async function anAccount(): Promise<string> {
  const id = randomUUID();
  await testDatabase().rows("INSERT INTO diner_accounts (id, email, name) VALUES ($1, $2, 'Ana')", [id, `ana.${id}@example.com`]);
  return id;
}
const linkOf = async (id: string) => (await testDatabase().rows<any>("SELECT * FROM diner_loyalty_links WHERE account_id = $1", [id]))[0];

describe("linking loyalty by a proved phone", () => {
  it("links the loyalty account the counter made for that phone, keeping its customer", async () => {
    running.square.loyalty.seedProgram();
    const counter = running.square.loyalty.seedAccount("+13055550177", 120, "COUNTERCUSTOMER0000000001");
    const id = await anAccount();
    expect(await linkLoyaltyByPhone(id, "+13055550177", false)).toBe("linked");
    expect(await linkOf(id)).toMatchObject({ loyalty_account_id: counter.id, loyalty_customer_id: "COUNTERCUSTOMER0000000001", phone: "+13055550177" });
    expect(running.square.requestsTo("POST", "/v2/loyalty/accounts")).toHaveLength(0);
  });

  it("enrols no one without consent, and enrols by the phone mapping with it", async () => {
    const program = running.square.loyalty.seedProgram();
    const id = await anAccount();
    expect(await linkLoyaltyByPhone(id, "+13055550188", false)).toBe("needs-consent");
    expect(await linkOf(id)).toBeUndefined();
    expect(await linkLoyaltyByPhone(id, "+13055550188", true)).toBe("enrolled");
    const [create] = running.square.requestsTo("POST", "/v2/loyalty/accounts");
    expect(create!.body).toEqual({ loyalty_account: { program_id: program.id, mapping: { phone_number: "+13055550188" } }, idempotency_key: enrolIdempotencyKey(id, "+13055550188") });
    expect((await linkOf(id)).loyalty_account_id).toBe([...running.square.loyalty.accounts.values()][0].id);
  });

  it("links nothing when the restaurant has no loyalty program", async () => {
    const id = await anAccount();
    expect(await linkLoyaltyByPhone(id, "+13055550199", true)).toBe("off");
    expect(await linkOf(id)).toBeUndefined();
  });
});
