// The small version of a dish's own photograph (src/domain/images.ts's isDishPhoto) for the menu's rows
// and its sheet; a dish without one shows none.
import { displayImageUrl, isDishPhoto } from "../domain/images";

/** The address of a small version of the dish's photo, or null when it has none. */
export function realPhotoUrl(image: string | null | undefined, width: number): string | null {
  return isDishPhoto(image) ? displayImageUrl(image, width) : null;
}
