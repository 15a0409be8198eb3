// The first owner's sign-in where the code is certainly not deployed and OWNER_EMAIL / ADMIN_PASSWORD are
// unset (local dev server, tests). Both are public (README): deployed contexts never accept them.
export const DEVELOPMENT_PASSWORD = "jealous-admin";
/** The development owner's e-mail: locally, without OWNER_EMAIL, it signs in with the development password. */
export const DEVELOPMENT_OWNER_EMAIL = "owner@jealousfork.test";
