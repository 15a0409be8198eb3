// The Menu Images tab: upload or remove each item's picture, section by section.
import { apiRequest } from "../../lib/api";
import { UPLOAD_LIMIT_BYTES, UPLOAD_LIMIT_LABEL, UPLOAD_TOO_LARGE } from "../../domain/uploadLimits";
import { toast } from "../../stores/toasts";
import { bySection, dangerButton, failed, ImageUploader, Preview, type AdminItem, type ItemTabProps } from "./shared";

export function MenuImagesTab({ items, onItemChanged }: ItemTabProps) {
  async function attach(item: AdminItem, imageUrl: string) {
    try {
      const answer = await apiRequest<{ imageUrl: string }>(`/api/admin/menu-items/${item.id}/image`, { method: "PATCH", body: { imageUrl } });
      onItemChanged({ id: item.id, imageUrl: answer.imageUrl });
      toast({ title: "Image Updated", description: `${item.name} has a new picture.` });
    } catch (error) {
      failed("Failed to Update Image", error);
    }
  }

  async function remove(item: AdminItem) {
    try {
      await apiRequest(`/api/admin/menu-items/${item.id}/image`, { method: "DELETE" });
      onItemChanged({ id: item.id, imageUrl: null });
      toast({ title: "Image Removed", description: `${item.name} no longer has a picture.` });
    } catch (error) {
      failed("Failed to Remove Image", error);
    }
  }

  return (
    <div className="flex flex-col gap-8">
      <p className="text-sm text-stone-700">JPEG, PNG, WebP, AVIF or GIF, up to {UPLOAD_LIMIT_LABEL}. Visitors get a resized copy.</p>
      {bySection(items).map(([section, sectionItems]) => (
        <section key={section} aria-label={`${section} images`}>
          <h3 className="mb-3 text-lg font-semibold">{section}</h3>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {sectionItems.map((item) => (
              <li key={item.id} className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3">
                <Preview url={item.imageUrl} alt={item.name} />
                <p className="font-semibold">{item.name}</p>
                <ImageUploader
                  label={item.name}
                  maxBytes={UPLOAD_LIMIT_BYTES}
                  tooLarge={UPLOAD_TOO_LARGE}
                  onUploaded={(imageUrl) => attach(item, imageUrl)}
                />
                {item.imageUrl && (
                  <button type="button" className={dangerButton} onClick={() => void remove(item)}>
                    Remove image<span className="sr-only"> of {item.name}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
