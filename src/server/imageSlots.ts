// Banners and gallery images: fixed slots of the home page whose picture staff can change. The
// slots are constants; the stores hold only the pictures chosen, one key per slot, so two admins
// changing different slots never overwrite each other.
import { HttpError } from "./http";
import { store, updateJSON } from "./stores";

export type SlotKind = "banners" | "gallery";

export interface ImageSlot {
  id: string;
  title: string;
  /** The chosen picture, or null when the page keeps its own default picture. */
  imageUrl: string | null;
  updatedAt: string | null;
}

const SLOTS: Record<SlotKind, readonly { id: string; title: string }[]> = {
  banners: [
    { id: "hero", title: "Home hero" },
    { id: "menu", title: "Featured menu" },
    { id: "reservations", title: "Reservations" },
  ],
  gallery: [
    { id: "about-1", title: "About photo 1" },
    { id: "about-2", title: "About photo 2" },
    { id: "about-3", title: "About photo 3" },
    { id: "about-4", title: "About photo 4" },
  ],
};

interface StoredSlot {
  imageUrl: string | null;
  updatedAt: string;
}

function slotKey(id: string): string {
  return `slot/${id}`;
}

export async function listSlots(kind: SlotKind): Promise<ImageSlot[]> {
  const target = store(kind);
  return Promise.all(
    SLOTS[kind].map(async ({ id, title }) => {
      const stored = (await target.get(slotKey(id), { type: "json" })) as StoredSlot | null;
      return { id, title, imageUrl: stored?.imageUrl ?? null, updatedAt: stored?.updatedAt ?? null };
    }),
  );
}

/** Sets (or with null clears) the picture of one slot; 404 for a slot that does not exist. */
export async function setSlotImage(kind: SlotKind, id: string, imageUrl: string | null): Promise<ImageSlot> {
  const slot = SLOTS[kind].find((candidate) => candidate.id === id);
  if (!slot) throw new HttpError(404, kind === "banners" ? "There is no such banner." : "There is no such gallery image.");
  const stored = await updateJSON<StoredSlot>(kind, slotKey(id), () => ({ imageUrl, updatedAt: new Date().toISOString() }));
  return { ...slot, ...stored };
}
