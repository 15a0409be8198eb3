// Vitest setup: tests run as the local development context, like `astro dev` (see src/server/env.ts).
import { setDeployContext } from "./deployContext";

setDeployContext("dev");
