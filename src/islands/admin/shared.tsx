// Pieces every admin tab uses: the shapes the admin API answers, error sentences for toasts, money and
// labels as the console writes them, small buttons and badges, and the image uploader with its size limit and progress bar.
import { useId, useRef, useState, type ReactNode } from "react";
import { ApiError } from "../../lib/api";
import { uploadImage } from "../../lib/uploadImage";
import { displayImageUrl } from "../../domain/images";
import { toast } from "../../stores/toasts";
import type { AdminItemView } from "../../domain/menuReadModel";
import type { SquareStatus } from "../../domain/squareStatus";

/** The shapes the admin API answers are the server's own (type-only imports: nothing of the server ships). */
export type AdminItem = AdminItemView;
export type { SquareStatus };

export const SECTION_NAMES: Record<AdminItem["section"], string> = {
  "jealous-fork": "Jealous Fork",
  "jealous-burger": "Jealous Burger",
  beverages: "Beverages",
};

/** The props of the tabs over the admin list of every menu item (Featured, Menu Images). */
export interface ItemTabProps {
  items: AdminItem[];
  /** Replaces one item in the console's list after the server answered. */
  onItemChanged: (item: Partial<AdminItem> & { id: number }) => void;
}

/** The items under their section's name, in the menu's order of sections. */
export function bySection(items: AdminItem[]): [string, AdminItem[]][] {
  return (Object.keys(SECTION_NAMES) as AdminItem["section"][]).map((section) => [
    SECTION_NAMES[section],
    items.filter((item) => item.section === section),
  ]);
}

/** The sentence under a failure toast: the server's own words when it sent some. */
export function reason(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : "Please try again.";
}

/** Dollars as the console shows them: "$12.50". */
export const money = (dollars: number) => `$${dollars.toFixed(2)}`;

/** "pickup" as a label: "Pickup". */
export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function failed(title: string, error: unknown): void {
  toast({ title, description: reason(error), variant: "destructive" });
}

export const buttonClass =
  "inline-flex items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-semibold shadow-sm " +
  "disabled:cursor-not-allowed disabled:opacity-60";
export const primaryButton = `${buttonClass} bg-brand-600 text-white hover:bg-brand-700`;
export const secondaryButton = `${buttonClass} border border-stone-300 bg-white text-ink hover:bg-stone-50`;
export const dangerButton = `${buttonClass} border border-red-700 bg-white text-red-800 hover:bg-red-50`;
export const inputClass =
  "mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm text-ink shadow-sm " +
  "focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

export function Badge({ tone, children }: { tone: "green" | "yellow" | "blue" | "grey" | "orange" | "red"; children: ReactNode }) {
  const tones = {
    green: "bg-green-100 text-green-900",
    yellow: "bg-yellow-100 text-yellow-900",
    blue: "bg-blue-100 text-blue-900",
    grey: "bg-stone-200 text-stone-800",
    orange: "bg-orange-100 text-orange-900",
    red: "bg-red-100 text-red-900",
  };
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}

export function Preview({ url, alt }: { url: string | null; alt: string }) {
  if (!url) {
    return <div className="flex aspect-[4/3] w-full items-center justify-center rounded-md bg-stone-100 text-sm text-stone-700">No image</div>;
  }
  return <img src={displayImageUrl(url, 320)} alt={alt} width={320} height={240} className="aspect-[4/3] w-full rounded-md object-cover" />;
}

interface UploaderProps {
  /** What the picture is for, read out with the button ("Upload image for Hot Maple Flatbread"). */
  label: string;
  maxBytes: number;
  /** Toast shown when the file is over `maxBytes`. */
  tooLarge: { title: string; description: string };
  /** Attaches the uploaded URL to its record; throws to report a failure. */
  onUploaded: (imageUrl: string) => Promise<void>;
}

/** Choose a file, refuse it in the browser when too large, upload it with a progress bar, attach it. */
export function ImageUploader({ label, maxBytes, tooLarge, onUploaded }: UploaderProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const uploading = progress !== null;

  async function upload(file: File) {
    if (file.size > maxBytes) {
      toast({ ...tooLarge, variant: "destructive" });
      return;
    }
    setProgress(0);
    let imageUrl: string;
    try {
      imageUrl = await uploadImage(file, setProgress);
    } catch (error) {
      setProgress(null);
      failed("Upload failed", error);
      return;
    }
    toast({ title: "Upload successful", description: `${file.name} was uploaded.` });
    try {
      await onUploaded(imageUrl);
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
        className="sr-only"
        tabIndex={-1}
        aria-label={`Image file for ${label}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) void upload(file);
        }}
      />
      <button type="button" className={secondaryButton} disabled={uploading} onClick={() => input.current?.click()}>
        {uploading ? "Uploading..." : "Upload image"}
        <span className="sr-only"> for {label}</span>
      </button>
      {uploading && (
        <progress className="h-2 w-full accent-brand-600" max={1} value={progress} aria-label={`Upload progress for ${label}`}>
          {Math.round(progress * 100)}%
        </progress>
      )}
    </div>
  );
}
