// The Banners and Gallery tabs: change the home page's pictures, slot by slot.
import { useEffect, useState } from "react";
import { apiRequest } from "../../lib/api";
import { UPLOAD_LIMIT_BYTES, UPLOAD_LIMIT_LABEL, UPLOAD_TOO_LARGE } from "../../domain/uploadLimits";
import { toast } from "../../stores/toasts";
import type { ImageSlot } from "../../domain/images";
import { failed, ImageUploader, Preview } from "./shared";

type Slot = ImageSlot;

/** Banners or gallery: each slot's picture with an uploader. */
export function SlotsTab({ kind }: { kind: "banners" | "gallery" }) {
  const [slots, setSlots] = useState<Slot[] | null>(null);

  useEffect(() => {
    apiRequest<{ banners?: Slot[]; images?: Slot[] }>(`/api/admin/${kind}`)
      .then((answer) => setSlots(answer.banners ?? answer.images ?? []))
      .catch((error) => failed(`Could not load the ${kind}`, error));
  }, [kind]);

  async function attach(slot: Slot, imageUrl: string) {
    try {
      const updated = await apiRequest<Slot>(`/api/admin/${kind}/${slot.id}`, { method: "PATCH", body: { imageUrl } });
      setSlots((current) => current?.map((entry) => (entry.id === slot.id ? { ...entry, imageUrl: updated.imageUrl } : entry)) ?? null);
      toast({ title: "Image Updated", description: `${slot.title} has a new picture.` });
    } catch (error) {
      failed("Update failed", error);
    }
  }

  if (!slots) return <p role="status">Loading {kind}...</p>;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-stone-700">
        {kind === "banners" ? "Large pictures of the home page." : "The four photos of the home page's about section."} Images up to {UPLOAD_LIMIT_LABEL}.
      </p>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {slots.map((slot) => (
          <li key={slot.id} className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3">
            <Preview url={slot.imageUrl} alt={slot.title} />
            <p className="font-semibold">{slot.title}</p>
            {!slot.imageUrl && <p className="text-sm text-stone-700">The page shows its default picture.</p>}
            <ImageUploader label={slot.title} maxBytes={UPLOAD_LIMIT_BYTES} tooLarge={UPLOAD_TOO_LARGE} onUploaded={(url) => attach(slot, url)} />
          </li>
        ))}
      </ul>
    </div>
  );
}
