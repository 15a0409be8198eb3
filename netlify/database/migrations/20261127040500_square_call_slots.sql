-- Calls to Square at a pace it takes. The places of calls to Square in flight, shared by every function instance: a call takes a free row
-- (a lease with an end, so a place held by an instance that died frees itself) and gives it back when
-- Square has answered. Row locks and one statement each: no session state, so it works through a
-- transaction-mode pooler. SQUARE_CALLS_IN_FLIGHT (at most 100) says how many of the rows are used.
CREATE TABLE square_call_slots (
  slot integer PRIMARY KEY CHECK (slot > 0),
  holder text,
  leased_until timestamptz
);
INSERT INTO square_call_slots (slot) SELECT generate_series(1, 100);

-- New charges started at a pace Square can take (SQUARE_CHECKOUTS_PER_SECOND): one row of allowance (a
-- token bucket), a place taken by one statement of its own before a new attempt the kitchen has room for is stored.
CREATE TABLE square_checkout_pace (
  id           boolean PRIMARY KEY DEFAULT true CHECK (id),
  tokens       double precision NOT NULL DEFAULT 0 CHECK (tokens >= 0),
  refreshed_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO square_checkout_pace DEFAULT VALUES;
