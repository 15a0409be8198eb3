// The cookie a browser holds after asking for a sign-in link (jf_link_asker): API tests that ask for a link
// and use it "in the same browser" send it on both calls. A fixed value: one browser per test file.
export const ASKING_BROWSER = `jf_link_asker=${"b".repeat(43)}`;
