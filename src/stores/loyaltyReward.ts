// The loyalty reward the diner chose at checkout, with Square's total for the order with it: the Pay
// button shows that total and the order request carries both (the server charges it only when Square
// still answers it). Not kept across pages: a reload asks Square again.
import { atom } from "nanostores";

export interface ChosenReward {
  tierId: string;
  totalCents: number;
  discountCents: number;
}

export const $loyaltyReward = atom<ChosenReward | null>(null);

/** The order request's field for the chosen reward (nothing without one). */
export function loyaltyRewardField(reward: ChosenReward | null): { loyaltyReward?: { tierId: string; shownTotalCents: number } } {
  return reward ? { loyaltyReward: { tierId: reward.tierId, shownTotalCents: reward.totalCents } } : {};
}
