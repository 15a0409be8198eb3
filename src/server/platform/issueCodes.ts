// The stable code of each field problem zod finds in a request body, so an answer's `issues` can be read
// by code and worded in the request's language. Chosen by the field's path and zod's kind of problem
// (never by zod's English words); the English message stays the schema's own.
import type { z } from "zod";
import { said, type ErrorCode, type Said } from "../../domain/i18n/ui/errors";
import { ORDER_LIMITS } from "../../domain/orderLimits";

/** Fields whose every problem has one meaning for the customer. */
const FIELD_CODES: [RegExp, ErrorCode][] = [
  [/^customerInfo\.name$/, "invalid_name"],
  [/(^|\.)email$/, "invalid_email"],
  [/(^|\.)phone$/, "invalid_phone"],
  [/(^|\.)zipCode$/, "invalid_zip_code"],
  [/^deliveryInfo\.address$/, "invalid_address"],
  [/^deliveryInfo$/, "delivery_address_missing"],
  [/^orderType$/, "invalid_order_type"],
  [/^slot$/, "invalid_slot"],
  [/^paymentToken$/, "payment_token_missing"],
  [/^tip$/, "invalid_tip"],
  [/^items\.\d+\.options\b/, "invalid_option"],
];

type Issue = z.core.$ZodIssue;

const maximumOf = (issue: Issue) => Number((issue as { maximum?: number | bigint }).maximum ?? 0);

/** The code (and the arguments of its words) of one zod issue at `path` ("customerInfo.phone"). */
export function issueSaid(issue: Issue, path: string): Said {
  if (path === "items") {
    if (issue.code === "too_small") return said("cart_empty");
    if (issue.code === "too_big") return said("too_many_lines", maximumOf(issue));
    if (issue.code === "custom") return said("too_many_dishes", ORDER_LIMITS.maxItemsPerOrder);
  }
  if (/^items\.\d+\.quantity$/.test(path)) return issue.code === "too_big" ? said("quantity_too_large", maximumOf(issue)) : said("invalid_quantity");
  if (/^(items\.\d+\.)?note$/.test(path) && issue.code === "custom") return said("control_characters");
  if (issue.code === "too_big" && issue.origin === "string") return said("field_too_long", maximumOf(issue));
  const field = FIELD_CODES.find(([pattern]) => pattern.test(path));
  if (field) return said(field[1]);
  if (issue.code === "invalid_type" || (issue.code === "too_small" && issue.origin === "string")) return said("field_required");
  return said("invalid_value");
}
