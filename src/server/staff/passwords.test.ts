// The deployed cost of staff passwords: scrypt at OWASP's N = 2^16, r = 8, p = 2. The variable a local test
// run lowers it with (STAFF_PASSWORD_SCRYPT_LOG2N) is development-only: where the code runs deployed (this
// project's tests run with no Netlify deploy context of `dev`), it changes nothing.
import { afterEach, describe, expect, it } from "vitest";
import { isDeployed } from "../runtimeContext";
import { hashPassword, PASSWORD_COST, verifyPassword } from "./passwords";

const saved = process.env.STAFF_PASSWORD_SCRYPT_LOG2N;
afterEach(() => {
  if (saved === undefined) delete process.env.STAFF_PASSWORD_SCRYPT_LOG2N;
  else process.env.STAFF_PASSWORD_SCRYPT_LOG2N = saved;
});

describe("staff password hashes, deployed", () => {
  it("take OWASP's scrypt cost even when the test-only variable asks for less, and check against it", async () => {
    expect(isDeployed()).toBe(true);
    process.env.STAFF_PASSWORD_SCRYPT_LOG2N = "10";
    expect(PASSWORD_COST).toEqual({ N: 65536, r: 8, p: 2 });
    const hash = await hashPassword("correct horse battery staple");
    expect(hash).toMatch(/^scrypt\$65536\$8\$2\$/);
    await expect(verifyPassword("correct horse battery staple", hash)).resolves.toBe(true);
    await expect(verifyPassword("correct horse battery stapler", hash)).resolves.toBe(false);
    // Three hashes at the deployed cost (64 MiB of memory each): well under a second alone, many on a busy machine.
  }, 30_000);
});
