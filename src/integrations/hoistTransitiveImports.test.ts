import { describe, expect, it } from "vitest";
import { hoistImports } from "./hoistTransitiveImports";

const chunk = (fileName: string, imports: string[], isEntry = false) => ({ type: "chunk" as const, fileName, imports, isEntry, code: `/* ${fileName} */` });

describe("page scripts that name every chunk they need", () => {
  it("import what their imports import, after their own code, once, with relative names", () => {
    const bundle = {
      "_astro/FullMenu.js": chunk("_astro/FullMenu.js", ["_astro/menu.js", "_astro/money.js"], true),
      "_astro/menu.js": chunk("_astro/menu.js", ["_astro/api.js", "_astro/money.js"]),
      "_astro/api.js": chunk("_astro/api.js", ["_astro/errors.js"]),
      "_astro/errors.js": chunk("_astro/errors.js", []),
      "_astro/money.js": chunk("_astro/money.js", []),
    };
    hoistImports(bundle);
    expect(bundle["_astro/FullMenu.js"].code).toBe('/* _astro/FullMenu.js */\nimport"./api.js";import"./errors.js";\n');
    expect(bundle["_astro/FullMenu.js"].imports).toEqual(["_astro/menu.js", "_astro/money.js", "_astro/api.js", "_astro/errors.js"]);
    // Shared chunks are not entries: left as they were.
    expect(bundle["_astro/menu.js"].code).toBe("/* _astro/menu.js */");
  });

  it("leave an entry that already names everything, or imports nothing, as it is", () => {
    const bundle = {
      "_astro/Toaster.js": chunk("_astro/Toaster.js", ["_astro/toasts.js"], true),
      "_astro/toasts.js": chunk("_astro/toasts.js", []),
      "_astro/Lone.js": chunk("_astro/Lone.js", [], true),
    };
    hoistImports(bundle);
    expect(bundle["_astro/Toaster.js"].code).toBe("/* _astro/Toaster.js */");
    expect(bundle["_astro/Lone.js"].code).toBe("/* _astro/Lone.js */");
  });
});
