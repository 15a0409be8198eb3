-- Points Square refused for an order's state wait for the order to complete instead of being lost: 'waiting'
-- rows are tried again when the kitchen or a courier finishes the order and on the reconcile schedule;
-- 'refused' is final, and only with a line in the activity log the owner reads. Each refusal moves the
-- idempotency key on (Square may keep a refused request's answer under its key), `refusals` counts them,
-- and `finished_refusals` those after the order was finished, which decide when to stop asking.
ALTER TABLE loyalty_accruals DROP CONSTRAINT loyalty_accruals_status_check;
ALTER TABLE loyalty_accruals ADD CONSTRAINT loyalty_accruals_status_check CHECK (status IN ('due', 'waiting', 'done', 'refused'));
ALTER TABLE loyalty_accruals ADD COLUMN refusals integer NOT NULL DEFAULT 0;
ALTER TABLE loyalty_accruals ADD COLUMN finished_refusals integer NOT NULL DEFAULT 0;
CREATE INDEX loyalty_accruals_waiting ON loyalty_accruals (tried_at) WHERE status = 'waiting';
