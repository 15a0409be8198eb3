import { describe, expect, it } from "vitest";
import { OrderSubmissionError } from "../../lib/orderSubmission";
import type { CartItem } from "../../stores/cart";
import { payProblemOf } from "./PayProblem";

const line = (id: number, name: string): CartItem => ({ id, name, price: 1200, quantity: 1, category: "Pancakes", description: "", squareId: null, section: "jealous-fork", inStock: true });
const cart = [line(1, "Pancakes"), line(2, "Jesse James Burger")];

describe("the answer kept beside the summary when Pay fails", () => {
  it("says a refusal charged nothing and offers to remove the dish it names", () => {
    const refused = new OrderSubmissionError("Jesse James Burger is sold out.", false, undefined, undefined, false, [], ["items.1"]);
    const shown = payProblemOf("We could not place your order", refused, cart, "Unknown error");
    expect(shown).toMatchObject({ notCharged: true, pickTime: false, message: "Jesse James Burger is sold out." });
    expect(shown.remove.map((remove) => remove.name)).toEqual(["Jesse James Burger"]);
  });

  it("offers to pick a time when the refusal is about the time ordered for", () => {
    const refused = new OrderSubmissionError("Online ordering is paused until 1:00 PM.", false, undefined, undefined, false, [], ["slot"]);
    expect(payProblemOf("t", refused, cart, "").pickTime).toBe(true);
  });

  it("does not claim 'not charged' when the answer was lost on the way", () => {
    const lost = new OrderSubmissionError("We could not reach our server.", true);
    expect(payProblemOf("t", lost, cart, "").notCharged).toBe(false);
  });
});
