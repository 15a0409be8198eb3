// The checkout's prefill for a signed-in diner: their name, e-mail and phone in the empty contact fields,
// and on a delivery the saved address they pick (the last saved first), with who receives it. The courier
// quote follows, as it follows any typed address. What "Order again" left for the checkout (its order
// type, what was left out) is read here too. A guest's checkout is untouched.
import { useEffect, useState } from "react";
import { displayPhone } from "../../domain/checkoutCustomer";
import type { OrderType } from "../../domain/orderReadModel";
import { takeOrderAgainNote, type OrderAgainNote } from "../account/orderAgain";
import { forgetSignedIn } from "../../lib/signedInHint";
import { ApiError } from "../../lib/api";
import { addAddress, checkoutDetails, type AddressInput, type CheckoutDetails, type ReorderNotice, type SavedAddress } from "../account/savedApi";
import type { Details } from "./DetailsStep";

/** The name of the Apt/Unit field once the checkout has one; until then the unit joins the street line. */
const UNIT_FIELDS = ["unit", "apt", "aptUnit", "addressLine2"] as const;

/** The details with a saved address filled in (and who receives it). */
export function withAddress(details: Details, saved: SavedAddress): Details {
  const unitField = UNIT_FIELDS.find((field) => field in details);
  const street = unitField || !saved.unit ? saved.address : `${saved.address}, ${saved.unit}`;
  return {
    ...details,
    name: saved.name,
    email: saved.email,
    phone: displayPhone(saved.phone),
    address: street,
    ...(unitField ? { [unitField]: saved.unit } : {}),
    city: saved.city,
    state: saved.state,
    zipCode: saved.zipCode,
    deliveryNotes: saved.deliveryNotes,
  };
}

/** The order ordered again: who ordered and where it went, in the fields still empty. */
function withPastOrder(details: Details, note: OrderAgainNote): Details {
  const { customer, delivery } = note;
  const filled = customer ? { ...details, name: details.name || customer.name, email: details.email || customer.email, phone: details.phone || displayPhone(customer.phone) } : details;
  if (!delivery || filled.address.trim()) return filled;
  return { ...filled, address: delivery.address, city: delivery.city, state: delivery.state, zipCode: delivery.zipCode, deliveryNotes: delivery.notes };
}

/** A saved address and a street line as the form holds it (with the unit joined, before the checkout has its own field). */
const sameStreet = (saved: SavedAddress, street: string) =>
  [saved.address, `${saved.address}, ${saved.unit}`].some((line) => line.trim().toLowerCase() === street.trim().toLowerCase());

interface Input {
  orderType: OrderType;
  /** The street line as the form holds it: one typed by hand is never replaced. */
  typedAddress: string;
  setOrderType: (type: OrderType) => void;
  setDetails: (change: (current: Details) => Details) => void;
}

export interface SavedDetailsState {
  /** null until known; `diner: null` for a guest. */
  saved: CheckoutDetails | null;
  /** The saved address on the form ("" for one typed by hand). */
  chosen: string;
  choose: (id: string) => void;
  notices: ReorderNotice[];
  reordered: boolean;
  /** Saves the address typed on the form to the account (then chosen); answers the refusal's words, if any. */
  saveTyped: (details: Details) => Promise<string | null>;
}

/** The form's delivery as a saved address: who receives it and where. */
export function typedAddressOf(details: Details): AddressInput {
  const unitField = UNIT_FIELDS.find((field) => field in details);
  const unit = unitField ? String((details as unknown as Record<string, unknown>)[unitField] ?? "") : "";
  const { name, phone, email, address, city, state, zipCode, deliveryNotes } = details;
  return { label: "", name, phone, email, address, unit, city, state, zipCode, deliveryNotes };
}

export function useSavedDetails({ orderType, typedAddress, setOrderType, setDetails }: Input): SavedDetailsState {
  const [saved, setSaved] = useState<CheckoutDetails | null>(null);
  const [chosen, setChosen] = useState("");
  const [again, setAgain] = useState<{ notices: ReorderNotice[] } | null>(null);

  useEffect(() => {
    const note = takeOrderAgainNote();
    if (note) {
      setAgain({ notices: note.notices });
      setOrderType(note.orderType);
      setDetails((current) => withPastOrder(current, note));
    }
    // Asked of the server every time (a guest gets { diner: null }): a browser that cleared its storage
    // after a week away still has its session, and its regular still finds the details filled in.
    checkoutDetails().then(
      (answer) => {
        setSaved(answer);
        const diner = answer.diner;
        if (!diner) return forgetSignedIn();
        // Only empty fields: what the diner typed (or a kept attempt restored) stays.
        setDetails((current) => ({
          ...current,
          name: current.name || diner.name,
          email: current.email || diner.email,
          phone: current.phone || (diner.phone ? displayPhone(diner.phone) : ""),
        }));
      },
      () => setSaved({ diner: null, addresses: [] }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per checkout visit
  }, []);

  // On a delivery, the first saved address fills the form unless the diner typed one.
  useEffect(() => {
    const first = saved?.addresses[0];
    if (orderType !== "delivery" || !first || chosen) return;
    // The address on the form already (the order ordered again went there): its saved twin, or "another".
    if (typedAddress.trim()) return setChosen(saved?.addresses.find((a) => sameStreet(a, typedAddress))?.id ?? "other");
    setDetails((current) => withAddress(current, first));
    setChosen(first.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- filled once, when delivery is first chosen
  }, [orderType, saved]);

  function choose(id: string) {
    setChosen(id || "other");
    const address = saved?.addresses.find((candidate) => candidate.id === id);
    const cleared = (current: Details): Details => ({
      ...current,
      ...Object.fromEntries(UNIT_FIELDS.filter((field) => field in current).map((field) => [field, ""])),
      address: "",
      zipCode: "",
      deliveryNotes: "",
    });
    setDetails((current) => (address ? withAddress(current, address) : cleared(current)));
  }

  async function saveTyped(details: Details): Promise<string | null> {
    try {
      const { address } = await addAddress(typedAddressOf(details));
      setSaved((current) => current && { ...current, addresses: [address, ...current.addresses] });
      setChosen(address.id);
      return null;
    } catch (error) {
      return error instanceof ApiError && error.serverMessage ? error.serverMessage : "";
    }
  }

  return { saved, chosen: chosen === "other" ? "" : chosen, choose, notices: again?.notices ?? [], reordered: again !== null, saveTyped };
}
