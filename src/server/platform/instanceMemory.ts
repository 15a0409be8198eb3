// What a function instance keeps in memory between its invocations: answers kept for a while (the menu at
// its version, a loyalty program, a kitchen reading), lessons learnt (a token Square spends), askers
// refused lately. Each keeper says here how it forgets, so one call makes the process as a fresh instance
// is. The API tests call it between test files: their files share a worker process, and a file must meet
// the site as a new instance would, never what the file before it left behind.
const forgetters: (() => void)[] = [];

/** Registers how a module's kept state is forgotten (called once, where the state is declared). */
export function forgetWithInstance(forget: () => void): void {
  forgetters.push(forget);
}

/** Forgets everything this process keeps between invocations, as a fresh instance starts. */
export function forgetInstanceMemory(): void {
  for (const forget of forgetters) forget();
}
