// zod as the project uses it: every schema imports z from here, so this runs before any is built.
// Without its JIT: zod compiles a parser per object schema with new Function on its first parse,
// which costs a function started cold more (about 8 ms for an order) than it ever saves on the few
// bodies and rows one request parses.
import { config } from "zod";

config({ jitless: true });

export * from "zod";
