/** @type {import('dependency-cruiser').IConfiguration} */
// The house's shape, checked by `npm run lint`: every room of src/server is entered by its door
// (index.ts), the floor (platform/) is open to all and imports no room, and no file imports itself
// back through a circle. `npm run rooms` prints the figures docs/architecture.md quotes.
module.exports = {
  forbidden: [
    {
      name: "room-door",
      comment: "Another room is entered by its door (src/server/<room>/index.ts), never its inner files.",
      severity: "error",
      from: { path: "^src/server/([^/]+)/" },
      to: {
        path: "^src/server/([^/]+)/",
        pathNot: ["^src/server/$1/", "^src/server/[^/]+/index\\.ts$", "^src/server/platform/"],
      },
    },
    {
      name: "outside-door",
      comment: "Functions, pages and the top of src/server (config, participants) enter a room by its door; the floor is open.",
      severity: "error",
      from: { path: "^(netlify/functions|src/pages|src/integrations|src/[^/]+\\.ts$|src/server/[^/]+\\.tsx?$)" },
      to: {
        path: "^src/server/[^/]+/",
        pathNot: ["^src/server/[^/]+/index\\.ts$", "^src/server/platform/"],
      },
    },
    {
      name: "floor-imports-no-room",
      comment: "The floor (platform/) is beneath every room: it imports none of them.",
      severity: "error",
      from: { path: "^src/server/platform/" },
      to: { path: "^src/server/(?!platform/)[^/]+/" },
    },
    {
      name: "no-circular",
      comment: "No file imports itself back through others.",
      severity: "error",
      from: { path: "^(src|netlify)/" },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|\\.astro|\\.netlify)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"], extensions: [".ts", ".tsx", ".mts", ".js", ".mjs", ".json"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
