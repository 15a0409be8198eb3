// Lets plain `node` run the server's TypeScript modules, which are written for Vite's resolution: a relative
// import without an extension ("../config") is tried as .ts, .tsx and /index.ts. Node strips the types itself.
import { registerHooks } from "node:module";

const ENDINGS = [".ts", ".tsx", "/index.ts"];

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      if (error?.code !== "ERR_MODULE_NOT_FOUND" || !/^\.{1,2}\//.test(specifier) || /\.[cm]?[jt]sx?$/.test(specifier)) throw error;
      for (const ending of ENDINGS) {
        try {
          return nextResolve(specifier + ending, context);
        } catch {
          // the next ending
        }
      }
      throw error;
    }
  },
});
