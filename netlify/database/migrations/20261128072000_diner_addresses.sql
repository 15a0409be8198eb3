-- A diner's saved delivery details (up to 5 per account, kept by src/server/accounts/addresses.ts): who
-- receives the order (name, phone, e-mail) and where (street, Apt/Unit, city, state, ZIP, notes for the
-- driver). They fill the checkout; they go to Square and DoorDash only inside a delivery order. Deleting
-- the account deletes them (ON DELETE CASCADE).
CREATE TABLE diner_addresses (
  id             uuid PRIMARY KEY,
  account_id     uuid NOT NULL REFERENCES diner_accounts (id) ON DELETE CASCADE,
  label          text NOT NULL DEFAULT '' CHECK (length(label) <= 40),
  name           text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  phone          text NOT NULL CHECK (length(phone) <= 25),
  email          text NOT NULL CHECK (length(email) <= 254),
  address        text NOT NULL CHECK (length(address) BETWEEN 1 AND 200),
  unit           text NOT NULL DEFAULT '' CHECK (length(unit) <= 40),
  city           text NOT NULL DEFAULT 'Miami' CHECK (length(city) <= 80),
  state          text NOT NULL DEFAULT 'FL' CHECK (length(state) <= 30),
  zip_code       text NOT NULL CHECK (zip_code ~ '^[0-9]{5}(-[0-9]{4})?$'),
  delivery_notes text NOT NULL DEFAULT '' CHECK (length(delivery_notes) <= 500),
  created_at     timestamptz NOT NULL DEFAULT now(),
  -- The checkout offers the last saved or edited first.
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX diner_addresses_by_account ON diner_addresses (account_id, updated_at DESC);
