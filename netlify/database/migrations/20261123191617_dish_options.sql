-- Dishes as diners order them: a dish's option groups (Square modifier lists with their rules and
-- prices) and dietary labels; each order line's chosen options and special instruction; the
-- order's note for the kitchen and the tip.

-- [{ id, name, min, max, allowQuantities?, squareId?, options: [{ id, name, price (cents), onByDefault?,
-- soldOut?, hiddenOnline?, squareId? }] }]: read and written whole with the dish (a sync replaces it).
ALTER TABLE menu_items ADD COLUMN option_groups jsonb NOT NULL DEFAULT '[]'::jsonb
  CHECK (jsonb_typeof(option_groups) = 'array');
-- ["vegan", "contains-nuts", ...]
ALTER TABLE menu_items ADD COLUMN dietary jsonb NOT NULL DEFAULT '[]'::jsonb
  CHECK (jsonb_typeof(dietary) = 'array');

-- The options as they were ordered, named and priced then: [{ groupId, groupName, optionId, name,
-- price (cents), quantity, squareId }]. unit_price_cents already includes them.
ALTER TABLE order_lines ADD COLUMN options jsonb NOT NULL DEFAULT '[]'::jsonb
  CHECK (jsonb_typeof(options) = 'array');
ALTER TABLE order_lines ADD COLUMN note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 200);

ALTER TABLE orders ADD COLUMN note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 500);
-- Paid on top of total_cents (which is what the provider's order totals), never taxed.
ALTER TABLE orders ADD COLUMN tip_cents integer NOT NULL DEFAULT 0 CHECK (tip_cents >= 0 AND tip_cents <= subtotal_cents);
