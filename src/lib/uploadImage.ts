// Uploads one image file for the admin console: ask POST /api/objects/upload for a signed URL,
// PUT the file there (with XMLHttpRequest, whose upload events report progress), answer its URL.
import { ApiError, apiRequest, type ApiErrorBody } from "./api";


function put(url: string, file: File, onProgress: (fraction: number) => void): Promise<{ imageUrl: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.setRequestHeader("content-type", file.type || "application/octet-stream");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof (body as { imageUrl?: unknown }).imageUrl === "string") {
        onProgress(1);
        resolve(body as { imageUrl: string });
      } else {
        reject(new ApiError(xhr.status, `${xhr.status}: ${xhr.responseText || xhr.statusText}`, body as ApiErrorBody | null));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, "0: The upload was interrupted. Check the connection and try again.", null));
    xhr.send(file);
  });
}

/** Uploads `file` and answers the URL to attach to a record (`/api/images/{key}`). */
export async function uploadImage(file: File, onProgress: (fraction: number) => void): Promise<string> {
  const { uploadURL } = await apiRequest<{ uploadURL: string }>("/api/objects/upload", { method: "POST" });
  const { imageUrl } = await put(uploadURL, file, onProgress);
  return imageUrl;
}
