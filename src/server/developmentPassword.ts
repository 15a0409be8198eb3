// The admin password where the code is certainly not deployed and ADMIN_PASSWORD is unset (local dev
// server, tests). It is public (README): deployed contexts never accept it.
export const DEVELOPMENT_PASSWORD = "jealous-admin";
