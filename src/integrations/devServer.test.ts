import { describe, expect, test } from "vitest";
import { DEVELOPMENT_PASSWORD } from "../server/staff";
import { welcomeLines } from "./devServer";

describe("what npm run dev prints once it is ready", () => {
  test("the address, the development password and the test card form when nothing is configured", () => {
    const text = welcomeLines(4321, {}).join("\n");
    expect(text).toContain("http://localhost:4321/");
    expect(text).toContain("http://localhost:4321/admin");
    expect(text).toContain(`"${DEVELOPMENT_PASSWORD}"`);
    expect(text).toMatch(/TEST MODE card form: choose "Approved" and press Pay/);
  });

  test("never prints a password someone set, and points to Square's form when Square is configured", () => {
    const text = welcomeLines(5000, {
      ADMIN_PASSWORD: "a-real-secret-password",
      SQUARE_ACCESS_TOKEN: "token",
      PUBLIC_SQUARE_APPLICATION_ID: "sandbox-app",
    }).join("\n");
    expect(text).toContain("http://localhost:5000/");
    expect(text).not.toContain("a-real-secret-password");
    expect(text).not.toContain(DEVELOPMENT_PASSWORD);
    expect(text).toMatch(/Square's card form/);
  });
});
