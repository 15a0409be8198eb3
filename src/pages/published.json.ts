// /published.json: when this deploy's pages were built and from what data, written at build. The console
// compares it with the time it called the build hook to say when the staff's change is live.
import type { APIRoute } from "astro";
import { getEntry } from "astro:content";

export const prerender = true;

export const GET: APIRoute = async () => {
  const schedule = await getEntry("schedule", "current");
  return Response.json({ builtAt: new Date().toISOString(), source: schedule?.data.source ?? "content" });
};
