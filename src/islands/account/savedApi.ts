// The browser's calls for saved details and "Order again": kept apart from ./accountApi (which loads the
// passkey code) so the checkout and the home page load only this.
import type { CardOnFile } from "../../domain/savedCards";
import { apiRequest } from "../../lib/api";

export interface SavedAddress {
  id: string;
  label: string;
  name: string;
  phone: string;
  email: string;
  address: string;
  unit: string;
  city: string;
  state: string;
  zipCode: string;
  deliveryNotes: string;
}
export type AddressInput = Omit<SavedAddress, "id">;

export interface CheckoutDetails {
  diner: { name: string; email: string; phone: string } | null;
  addresses: SavedAddress[];
}

export type ReorderNotice =
  | { kind: "dish-gone" | "dish-sold-out" | "dish-choice-changed"; dish: string }
  | { kind: "option-gone" | "option-sold-out"; dish: string; option: string }
  | { kind: "kitchen-closed"; kitchens: string[]; slot: string };

export interface Reorder {
  orderType: "pickup" | "delivery";
  customer: { name: string; email: string; phone: string };
  delivery: { address: string; city: string; state: string; zipCode: string; notes: string } | null;
  items: {
    id: number;
    name: string;
    price: number;
    category: string;
    description: string;
    quantity: number;
    squareId: string | null;
    section: "jealous-fork" | "jealous-burger" | "beverages";
    inStock: true;
    options?: { groupId: string; groupName: string; optionId: string; name: string; price: number; quantity: number }[];
    note?: string;
  }[];
  notices: ReorderNotice[];
  slot: string | null;
}

export interface LastOrder {
  orderId: string;
  orderNumber: string;
  createdAt: string;
  total: number;
  items: { name: string; quantity: number }[];
}

export const checkoutDetails = () => apiRequest<CheckoutDetails>("/api/account/checkout-details");
export const saveProfile = (profile: { name: string; phone: string }) => apiRequest("/api/account", { method: "PATCH", body: profile });
export const addAddress = (address: AddressInput) => apiRequest<{ address: SavedAddress }>("/api/account/addresses", { body: address });
export const editAddress = (id: string, address: AddressInput) =>
  apiRequest<{ address: SavedAddress }>(`/api/account/addresses/${encodeURIComponent(id)}`, { method: "PUT", body: address });
export const deleteAddress = (id: string) => apiRequest(`/api/account/addresses/${encodeURIComponent(id)}`, { method: "DELETE" });
export const reorderOf = (orderId: string) => apiRequest<Reorder>(`/api/account/orders/${encodeURIComponent(orderId)}/reorder`);

/** The diner's cards kept on file by Square (none for a guest). */
export const listCardsOnFile = async () => (await apiRequest<{ cards: CardOnFile[] }>("/api/account/cards")).cards;
export const saveCardOnFile = (sourceId: string, verificationToken?: string) =>
  apiRequest<{ card: CardOnFile }>("/api/account/cards", { body: { sourceId, ...(verificationToken ? { verificationToken } : {}) } });
export const removeCardOnFile = (id: string) => apiRequest(`/api/account/cards/${encodeURIComponent(id)}`, { method: "DELETE" });
