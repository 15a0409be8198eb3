-- The orders a diner placed while signed in, as a link of its own: deleting the account removes the link
-- (ON DELETE CASCADE) and the order stays, the restaurant's record, without it. Orders placed as a guest
-- with the account's proven e-mail are found by that e-mail (the index below).
CREATE TABLE diner_orders (
  order_id   text PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES diner_accounts (id) ON DELETE CASCADE
);
CREATE INDEX diner_orders_by_account ON diner_orders (account_id);
CREATE INDEX orders_by_customer_email ON orders (lower(customer_email));
