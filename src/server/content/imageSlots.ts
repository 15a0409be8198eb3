// Banners and gallery images: fixed slots of the home page whose picture staff can change. The
// slots are constants; image_slots holds only the pictures chosen, one row per slot, so two admins
// changing different slots never overwrite each other.
import type { ImageSlot, SlotKind } from "../../domain/images";
import { db } from "../platform/database";
import { sql } from "../platform/sql";
import { recordActivity, type ActivityActor } from "../audit";
import { NotFound } from "../platform/errors";

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

interface SlotRow {
  slot_id: string;
  image_url: string | null;
  updated_at: Date;
}

export async function listSlots(kind: SlotKind): Promise<ImageSlot[]> {
  const rows = await db.all<SlotRow>(sql`SELECT slot_id, image_url, updated_at FROM image_slots WHERE kind = ${kind}`);
  const chosen = new Map(rows.map((row) => [row.slot_id, row]));
  return SLOTS[kind].map(({ id, title }) => {
    const row = chosen.get(id);
    return { id, title, imageUrl: row?.image_url ?? null, updatedAt: row?.updated_at.toISOString() ?? null };
  });
}

/**
 * Sets (or with null clears) the picture of one slot; 404 for a slot that does not exist. A person's
 * change writes its activity row (the picture before and after) in the same transaction.
 */
export async function setSlotImage(kind: SlotKind, id: string, imageUrl: string | null, actor?: ActivityActor): Promise<ImageSlot> {
  const slot = SLOTS[kind].find((candidate) => candidate.id === id);
  if (!slot) throw new NotFound(kind === "banners" ? "There is no such banner." : "There is no such gallery image.");
  const row = await db.transaction(async (tx) => {
    const before = await tx.one<{ image_url: string | null }>(sql`
      SELECT image_url FROM image_slots WHERE kind = ${kind} AND slot_id = ${id} FOR UPDATE`);
    const saved = await tx.one<SlotRow>(sql`
      INSERT INTO image_slots (kind, slot_id, image_url, updated_at) VALUES (${kind}, ${id}, ${imageUrl}, now())
      ON CONFLICT (kind, slot_id) DO UPDATE SET image_url = EXCLUDED.image_url, updated_at = now()
      RETURNING slot_id, image_url, updated_at`);
    if (actor) {
      await recordActivity(
        actor,
        { action: `content.${kind}`, target: id, before: { imageUrl: before?.image_url ?? null }, after: { imageUrl: saved!.image_url } },
        tx,
      );
    }
    return saved!;
  });
  return { ...slot, imageUrl: row.image_url, updatedAt: row.updated_at.toISOString() };
}
