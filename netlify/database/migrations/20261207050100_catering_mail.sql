-- The diner's e-mail of a catering booking (its day, trays, how it is paid, the terms and the link to see or
-- cancel it), queued with the booking; it names the booking in its payload (mail_outbox.order_id is a
-- kitchen order's).
SELECT mail_allow_kinds('catering_booked');
