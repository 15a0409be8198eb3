-- A new person hears of their set-up link by e-mail when mail is configured (issue 25): a new kind of
-- outbox message, queued by the transaction that makes the link. Its payload holds the link's token
-- until the message is sent or given up (then the token is removed from it), as the link is only ever
-- stored as a hash elsewhere.
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
  CHECK (kind IN ('order_confirmed', 'order_ready', 'order_cancelled', 'order_refunded',
                  'staff_new_order', 'staff_contact_message', 'staff_setup_link'));
