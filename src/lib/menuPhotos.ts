// Which menu pictures are photographs of the dish itself: the ones staff uploaded or Square's
// catalogue holds. The drawings under /images/menu/ illustrate a category, so the full menu leaves
// them out rather than present them as the food.
import { displayImageUrl, isSquareImageUrl, isUploadedImageUrl } from "../domain/images";

/** The address of a small version of the dish's photo, or null when it has none. */
export function realPhotoUrl(image: string | null | undefined, width: number): string | null {
  if (!image) return null;
  if (isUploadedImageUrl(image) || isSquareImageUrl(image)) return displayImageUrl(image, width);
  return null;
}
