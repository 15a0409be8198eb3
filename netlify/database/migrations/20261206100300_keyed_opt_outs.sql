-- The after-pickup e-mail's opt-outs were kept by a plain SHA-256 of the address: anyone with a copy of the
-- table could test any address against it. New rows are keyed with the site's secret (HMAC-SHA-256,
-- src/server/feedback/requests.ts). The secret is not known to SQL, so rows already here are marked
-- unkeyed and the scheduled run rewrites each whose address it finds among the orders; until then they
-- are still honoured as they are.
ALTER TABLE feedback_opt_outs ADD COLUMN keyed boolean NOT NULL DEFAULT false;
ALTER TABLE feedback_opt_outs ALTER COLUMN keyed SET DEFAULT true;
