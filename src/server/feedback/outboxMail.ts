// Builds the queued "how was it?" e-mail as things stand when it is sent: not to an address that opted
// out meanwhile, nor once owners turned it off; a reason instead, which the outbox keeps for the console.
import { getOrder } from "../orders";
import type { MailBuilder, RenderedMail, OutboxMessage } from "../mail";
import { comeBackMail } from "./mail";
import { optedOut } from "./requests";
import { comeBackMailOn } from "./settings";

export async function comeBackMailOf(message: OutboxMessage, base: string): Promise<RenderedMail | string> {
  const token = message.payload.token;
  if (typeof token !== "string") return "The link of this e-mail is gone (it was sent or given up before).";
  if (await optedOut(message.recipient)) return "The diner opted out of these e-mails.";
  if (!(await comeBackMailOn())) return "Owners turned the after-pickup e-mail off before it went.";
  const order = message.orderId ? await getOrder(message.orderId) : null;
  if (!order) return "The order no longer exists.";
  const firstName = order.customer.name.trim().split(/\s+/)[0] ?? "";
  return comeBackMail({ base, token, orderNumber: order.orderNumber, firstName }, message.language);
}

/** The outbox's "how was it?" kind. */
export const comeBackMailKinds: MailBuilder[] = [
  {
    kinds: ["diner_come_back"],
    build: async (message, { base }) => {
      const mail = await comeBackMailOf(message, base);
      return typeof mail === "string" ? mail : { mail };
    },
  },
];
