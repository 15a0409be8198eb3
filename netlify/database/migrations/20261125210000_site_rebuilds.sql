-- The pending call of the Netlify build hook after a console save that changes what a page shows: one
-- row, so every function instance sees the same debounce. A save moves due_at to a minute after itself;
-- whoever first finds due_at passed (the console's status request, or the scheduled function) clears it
-- in one conditional UPDATE and calls the hook, so several saves within the minute make one build.
CREATE TABLE site_rebuilds (
  id              boolean PRIMARY KEY DEFAULT true CHECK (id),
  -- When the last change that a page shows was saved.
  changed_at      timestamptz,
  -- When the pending hook call is due; null: nothing pending.
  due_at          timestamptz,
  -- What changed since the last call (hours, menu, location), for the deploy's title.
  reasons         text[] NOT NULL DEFAULT '{}',
  -- The last call of the hook, and its failure if it failed (then due_at is set again to retry).
  called_at       timestamptz,
  call_error      text,
  updated_at      timestamptz NOT NULL DEFAULT now()
);

INSERT INTO site_rebuilds (id) VALUES (true);
