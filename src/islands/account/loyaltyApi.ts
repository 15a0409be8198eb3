// The loyalty panel's calls: the diner's loyalty as it stands, a code texted, a code checked, joining.
import { apiRequest } from "../../lib/api";

export interface LoyaltyView {
  available: boolean;
  phone?: string;
  member?: boolean;
  balance?: number;
  tiers?: { id: string; points: number; name: string }[];
  terms?: string;
}

export type PhoneProof = { proven: true; linked: boolean } | { proven: false; codeSent: true };

export const loadLoyalty = () => apiRequest<LoyaltyView>("/api/account/loyalty");
export const sendCode = (phone: string) => apiRequest<PhoneProof>("/api/account/loyalty/phone", { body: { phone } });
export const checkCode = (phone: string, code: string) => apiRequest<PhoneProof>("/api/account/loyalty/code", { body: { phone, code } });
export const joinProgram = () => apiRequest<LoyaltyView>("/api/account/loyalty/join", { body: { agree: true } });
