import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONFIG_VARIABLE_NAMES, CONFIG_VARIABLES, resetServerConfig, serverConfig } from "./config";
import { envValue, serverNow } from "./env";

const saved = new Map(CONFIG_VARIABLE_NAMES.map((name) => [name, process.env[name]]));

function setDeployContext(context: string | undefined): void {
  (globalThis as { Netlify?: unknown }).Netlify = context === undefined ? undefined : { context: { deploy: { context } } };
}

beforeEach(() => {
  for (const name of CONFIG_VARIABLE_NAMES) delete process.env[name];
  setDeployContext("dev");
  resetServerConfig();
});

afterEach(() => {
  for (const [name, value] of saved) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  setDeployContext(undefined);
  resetServerConfig();
  vi.restoreAllMocks();
});

/** The variable names in the first column of README's "Environment variables" table. */
function readmeVariables(): string[] {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const section = readme.split("## Environment variables")[1]?.split("\n## ")[0] ?? "";
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) => [...(line.split("|")[1] ?? "").matchAll(/`([A-Z0-9_]+)`/g)].map((match) => match[1]!));
}

describe("the configuration", () => {
  it("is what README's Environment variables table lists, no more and no less", () => {
    expect([...readmeVariables()].sort()).toEqual([...CONFIG_VARIABLE_NAMES].sort());
  });

  it("is what .env.example lists, no more and no less", () => {
    const example = readFileSync(new URL("../../.env.example", import.meta.url), "utf8");
    const names = [...example.matchAll(/^([A-Z0-9_]+)=/gm)].map((match) => match[1]!);
    expect(names.sort()).toEqual([...CONFIG_VARIABLE_NAMES].sort());
  });

  it("describes every variable and marks the tokens, passwords and keys as secrets", () => {
    for (const name of CONFIG_VARIABLE_NAMES) expect(CONFIG_VARIABLES[name].description.length).toBeGreaterThan(5);
    const secrets = CONFIG_VARIABLE_NAMES.filter((name) => CONFIG_VARIABLES[name].secret);
    expect(secrets.sort()).toEqual(
      ["ADMIN_PASSWORD", "BUILD_HOOK_URL", "DOORDASH_SIGNING_SECRET", "DOORDASH_WEBHOOK_AUTHORIZATION", "NETLIFY_PURGE_API_TOKEN", "SESSION_SECRET", "SMTP_URL", "SQUARE_ACCESS_TOKEN", "SQUARE_WEBHOOK_SIGNATURE_KEY", "TWILIO_AUTH_TOKEN"].sort(),
    );
    // What the browser may see is named PUBLIC_ and is no secret.
    for (const name of CONFIG_VARIABLE_NAMES.filter((name) => name.startsWith("PUBLIC_"))) expect(CONFIG_VARIABLES[name].secret).toBe(false);
  });

  it("gives the defaults when nothing is set, and counts empty or blank values as unset", () => {
    process.env.SQUARE_ACCESS_TOKEN = "";
    process.env.SQUARE_ENVIRONMENT = "   ";
    const config = serverConfig();
    expect(config.SQUARE_ACCESS_TOKEN).toBeUndefined();
    expect(config.SQUARE_ENVIRONMENT).toBe("sandbox");
    expect(config.SQUARE_TIMEOUT_SECONDS).toBe(10);
    expect(config.SQUARE_MAX_RETRIES).toBe(1);
    expect(envValue("SQUARE_ACCESS_TOKEN")).toBeUndefined();
  });

  it("trims values and types them", () => {
    process.env.SQUARE_ENVIRONMENT = " Production ";
    process.env.SQUARE_TIMEOUT_SECONDS = "2.5";
    process.env.SQUARE_MAX_RETRIES = "0";
    process.env.ADMIN_PASSWORD = "  a-long-enough-password  ";
    const config = serverConfig();
    expect(config.SQUARE_ENVIRONMENT).toBe("production");
    expect(config.SQUARE_TIMEOUT_SECONDS).toBe(2.5);
    expect(config.SQUARE_MAX_RETRIES).toBe(0);
    expect(config.ADMIN_PASSWORD).toBe("a-long-enough-password");
    expect(envValue("ADMIN_PASSWORD")).toBe("a-long-enough-password");
  });

  it("replaces an invalid value by its default and logs the variable's name, never its value", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    process.env.SQUARE_TIMEOUT_SECONDS = "600";
    process.env.SQUARE_ENVIRONMENT = "staging";
    process.env.SQUARE_WEBHOOK_URL = "not a url";
    const config = serverConfig();
    expect(config.SQUARE_TIMEOUT_SECONDS).toBe(10);
    expect(config.SQUARE_ENVIRONMENT).toBe("sandbox");
    expect(config.SQUARE_WEBHOOK_URL).toBeUndefined();
    const logged = warn.mock.calls.map((call) => String(call[0])).join("\n");
    expect(logged).toContain("SQUARE_TIMEOUT_SECONDS");
    expect(logged).not.toContain("600");
    expect(logged).not.toContain("staging");
  });

  it("parses the environment once, and again only when a variable changes", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    process.env.SQUARE_MAX_RETRIES = "9";
    expect(serverConfig()).toBe(serverConfig());
    expect(warn).toHaveBeenCalledTimes(1);
    process.env.SQUARE_MAX_RETRIES = "3";
    expect(serverConfig().SQUARE_MAX_RETRIES).toBe(3);
  });

  it("ignores the development-only variables when deployed", () => {
    process.env.RESTAURANT_CLOCK = "2026-11-21T18:00:00-05:00";
    process.env.SQUARE_BASE_URL = "http://127.0.0.1:9999";
    process.env.STORE_NAMESPACE = "run1";
    process.env.SQUARE_ACCESS_TOKEN = "token";
    expect(serverNow().toISOString()).toBe("2026-11-21T23:00:00.000Z");
    expect(serverConfig().SQUARE_BASE_URL).toBe("http://127.0.0.1:9999");
    expect(envValue("STORE_NAMESPACE")).toBe("run1");

    for (const context of ["production", "deploy-preview", "branch-deploy", "something-new"]) {
      setDeployContext(context);
      expect(serverConfig().RESTAURANT_CLOCK).toBeUndefined();
      expect(serverConfig().SQUARE_BASE_URL).toBeUndefined();
      expect(envValue("STORE_NAMESPACE")).toBeUndefined();
      expect(serverConfig().SQUARE_ACCESS_TOKEN).toBe("token");
      expect(Math.abs(serverNow().getTime() - Date.now())).toBeLessThan(5_000);
    }
  });

  it("takes the real clock when RESTAURANT_CLOCK is not an instant", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    process.env.RESTAURANT_CLOCK = "saturday evening";
    expect(Math.abs(serverNow().getTime() - Date.now())).toBeLessThan(5_000);
  });
});
