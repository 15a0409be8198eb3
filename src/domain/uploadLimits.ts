// What the console may upload: its own module, so the public pages' picture helpers (src/domain/images.ts)
// do not carry the console's words.

/**
 * The largest picture the console uploads. Netlify buffers a function's request body to about 6 MB,
 * and a binary body travels base64-encoded (4/3 larger), so 4 MB is what arrives whole in production.
 */
export const UPLOAD_LIMIT_BYTES = 4 * 1024 * 1024;
export const UPLOAD_LIMIT_LABEL = "4 MB";
export const UPLOAD_TOO_LARGE = { title: "File too large", description: `Please select an image under ${UPLOAD_LIMIT_LABEL}` } as const;
