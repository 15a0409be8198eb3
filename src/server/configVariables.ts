// How src/server/config.ts describes and parses its environment variables: the shape of one variable
// and the parse of a set of them into the local and the deployed configuration. It reads nothing
// itself: config.ts hands it the raw values.
import type * as z from "../domain/zod";

export interface Variable<T extends z.ZodType, F extends z.output<T> | undefined = z.output<T> | undefined> {
  description: string;
  /** What applies when the variable is unset, empty or invalid, in words (README shows it). */
  defaultText: string;
  /** Never logged nor sent to a browser. */
  secret: boolean;
  /** Read only where the code is certainly not deployed (see isLocal); ignored when deployed. */
  developmentOnly: boolean;
  /** The rule of a set, non-empty, trimmed value. */
  schema: T;
  /** The value when unset or invalid. */
  fallback: F;
}

export function variable<T extends z.ZodType, const F extends z.output<NoInfer<T>> | undefined>(spec: Variable<T, F>): Variable<T, F> {
  return spec;
}

export interface ParsedVariables<Name extends string, Config> {
  /** The raw values it was parsed from, to notice when a test changes the environment. */
  raw: readonly (string | undefined)[];
  local: Config;
  deployed: Config;
  /** Trimmed, non-empty text of each valid variable (what configText answers). */
  textLocal: Partial<Record<Name, string>>;
  textDeployed: Partial<Record<Name, string>>;
}

/** Parses `raw` (the values of `names`, in order) by each variable's rule. */
export function parseVariables<Name extends string, Config>(
  names: readonly Name[],
  variables: Record<Name, Variable<z.ZodType>>,
  raw: readonly (string | undefined)[],
): ParsedVariables<Name, Config> {
  const local: Record<string, unknown> = {};
  const deployed: Record<string, unknown> = {};
  const textLocal: Partial<Record<Name, string>> = {};
  const textDeployed: Partial<Record<Name, string>> = {};
  names.forEach((name, index) => {
    const spec = variables[name];
    // An empty (or blank) value counts as unset, as Netlify's UI and .env files leave them.
    const trimmed = raw[index]?.trim() || undefined;
    let value: unknown = spec.fallback;
    if (trimmed !== undefined) {
      const result = spec.schema.safeParse(trimmed);
      if (result.success) {
        value = result.data;
        textLocal[name] = trimmed;
        if (!spec.developmentOnly) textDeployed[name] = trimmed;
      } else {
        // Names the variable and its rule, never its value (it may be a secret).
        const rule = result.error.issues[0]?.message ?? "invalid";
        console.warn(JSON.stringify({ level: "warn", msg: `${name} is not valid (${rule}); using its default`, variable: name }));
      }
    }
    local[name] = value;
    deployed[name] = spec.developmentOnly ? spec.fallback : value;
  });
  return { raw, local: local as Config, deployed: deployed as Config, textLocal, textDeployed };
}
