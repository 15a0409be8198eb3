// Whether two kinds of request (a sign-in link asked for a known e-mail and for an unknown one) take about
// the same time, so an attacker timing them learns nothing. They are timed side by side in pairs,
// which of the pair goes first alternating, and the pairs' differences compared: a burst of load on a
// shared machine falls on both of a pair alike, where it moved one side's median alone (and failed a run
// beside the linter); a difference in the work shows in most pairs.

/** Times `first(i)` and `second(i)` in `pairs` alternating pairs; answers what each returned and the two figures. */
export async function timedInPairs<T>(pairs: number, first: (i: number) => Promise<T>, second: (i: number) => Promise<T>) {
  const firsts: { ms: number; value: T }[] = [];
  const seconds: { ms: number; value: T }[] = [];
  const timed = async (run: () => Promise<T>, into: { ms: number; value: T }[]) => {
    const started = performance.now();
    const value = await run();
    into.push({ ms: performance.now() - started, value });
  };
  for (let i = 0; i < pairs; i++) {
    const both = [() => timed(() => first(i), firsts), () => timed(() => second(i), seconds)];
    for (const run of i % 2 === 0 ? both : both.reverse()) await run();
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
  return {
    firsts: firsts.map((r) => r.value),
    seconds: seconds.map((r) => r.value),
    /** The median time of all the requests. */
    typical: median([...firsts, ...seconds].map((r) => r.ms)),
    /** The median of each pair's difference (first less second), in ms. */
    pairGap: median(firsts.map((r, i) => r.ms - seconds[i]!.ms)),
  };
}
