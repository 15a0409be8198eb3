// `npm run dev` answers the API from the functions of netlify/functions in the dev server's own process,
// through the routes of each function's `config.path`, before the Netlify emulation sees the request.
// The emulation runs every invocation in a new worker thread that imports the function again and opens
// a new database pool: about a second for any call on a 2-core machine, so the console's six calls at
// once took many seconds. Here each function module is loaded once through Vite (edited files are
// reloaded as pages are) and keeps its pool between requests, as a warm Netlify instance does. The
// functions' code is the same; only the local router differs (the same one tools/localNetlify.ts gives
// the bench, the load and the browser journeys).
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Plugin, ViteDevServer } from "vite";
import { functionContext, matchRoute, routesOf, send, webRequest, type FunctionModule, type Route } from "../../tools/localNetlify.ts";

const FUNCTIONS_DIR = join(import.meta.dirname, "..", "..", "netlify", "functions");

/** The function modules, through Vite's SSR loader: cached, and loaded again once a file they import changes. */
async function loadFunctions(server: ViteDevServer): Promise<FunctionModule[]> {
  const files = readdirSync(FUNCTIONS_DIR).filter((file) => /\.m?ts$/.test(file) && !file.includes(".test."));
  return Promise.all(files.map((file) => server.ssrLoadModule(join(FUNCTIONS_DIR, file)) as Promise<FunctionModule>));
}

export function devFunctions(): Plugin {
  return {
    name: "jealous-fork:functions-in-process",
    apply: "serve",
    // Before the Netlify emulation's middleware, which would answer the same paths.
    enforce: "pre",
    configureServer(server) {
      // The paths the functions answered at the last load: pages and assets pass by without loading them.
      let known: Promise<Route[]> | undefined;
      server.middlewares.use(async (req, res, next) => {
        const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
        const method = (req.method ?? "GET").toUpperCase();
        try {
          known ??= loadFunctions(server).then(routesOf);
          if (!matchRoute(await known, method, url.pathname)) return next();
        } catch (error) {
          // A function that does not load (a syntax error being typed): say so, and let pages through.
          known = undefined;
          server.config.logger.error(`netlify/functions could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
          return next();
        }
        try {
          const routes = routesOf(await loadFunctions(server));
          known = Promise.resolve(routes);
          const matched = matchRoute(routes, method, url.pathname);
          if (!matched) return next();
          await send(res, await matched.route.handler(await webRequest(req, url), functionContext(req, matched.params)));
        } catch (error) {
          server.config.logger.error(`function for ${url.pathname} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
          if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: "Something went wrong on our side. Please try again." }));
        }
      });
    },
  };
}
