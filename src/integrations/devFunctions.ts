// `npm run dev` answers the API from the functions of netlify/functions in the dev server's own process,
// through the routes of each function's `config.path` and `config.method`. The Netlify emulation's own
// functions are turned off (src/integrations/devServer.ts): it bundles every function with
// zip-it-and-ship-it at start (most of a minute on two cores before `/` answered) and runs each
// invocation in a new worker thread that imports the bundle again and opens a new database pool (about
// a second a call), so the console's six calls at once took many seconds. Here the routes are read the
// way Netlify's bundler reads them (zip-it-and-ship-it's static reading of `config`, about a second for
// all of them, no function loaded), and a request loads only the function it reaches, once, through
// Vite (edited files are reloaded as pages are); it keeps its pool between requests, as a warm Netlify
// instance does. Pages and assets never load a function.
import { join } from "node:path";
import { listFunctions } from "@netlify/zip-it-and-ship-it";
import type { Plugin, ViteDevServer } from "vite";
import { functionContext, matchRoute, routesOf, send, webRequest, type FunctionModule, type Route } from "../../tools/localNetlify.ts";

const FUNCTIONS_DIR = join(import.meta.dirname, "..", "..", "netlify", "functions");

/** The routes of every function, each loading its module through Vite's SSR loader on its first call. */
async function functionRoutes(server: ViteDevServer): Promise<Route[]> {
  const listed = await listFunctions([FUNCTIONS_DIR], { parseISC: true });
  const modules: FunctionModule[] = listed
    .filter((fn) => fn.routes?.length)
    .map((fn) => {
      const methods = [...new Set(fn.routes!.flatMap((route) => route.methods ?? []))];
      return {
        default: async (req, context) => ((await server.ssrLoadModule(fn.mainFile)) as FunctionModule).default(req, context),
        config: { path: fn.routes!.map((route) => route.pattern), method: methods.length ? methods : undefined },
      };
    });
  return routesOf(modules);
}

export function devFunctions(): Plugin {
  return {
    name: "jealous-fork:functions-in-process",
    apply: "serve",
    // Before the Netlify emulation's middleware, which would answer the same paths with pages.
    enforce: "pre",
    configureServer(server) {
      let known: Promise<Route[]> | undefined;
      // A function added, removed or edited may change its config: its routes are read again.
      server.watcher.on("all", (_event, file) => {
        if (file.startsWith(FUNCTIONS_DIR)) known = undefined;
      });
      server.middlewares.use(async (req, res, next) => {
        const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
        const method = (req.method ?? "GET").toUpperCase();
        let matched: ReturnType<typeof matchRoute>;
        try {
          known ??= functionRoutes(server);
          matched = matchRoute(await known, method, url.pathname);
        } catch (error) {
          known = undefined;
          server.config.logger.error(`netlify/functions could not be read: ${error instanceof Error ? error.message : String(error)}`);
          return next();
        }
        if (!matched) return next();
        try {
          await send(res, await matched.route.handler(await webRequest(req, url), functionContext(req, matched.params)));
        } catch (error) {
          // A function that does not load (a syntax error being typed) or throws: said, and a JSON 500.
          server.config.logger.error(`function for ${url.pathname} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
          if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: "Something went wrong on our side. Please try again." }));
        }
      });
    },
  };
}
