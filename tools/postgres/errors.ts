// The one error the local PostgreSQL ends with when it cannot start: its message is a whole sentence
// that names the folder and what to do, printed as it is (no stack) by the dev server and the tests.
export class LocalPostgresError extends Error {
  override name = "LocalPostgresError";
}
