-- The staff's second step without leaks. After an account's alarm, a stranger's wrong password is answered
-- as a right one is (202, the second step), with a decoy code that nothing can match and no e-mail: the
-- decoy behaves as a code does (tries, 10 minutes) but does not count towards the account's codes an hour.
ALTER TABLE staff_sign_in_codes ADD COLUMN decoy boolean NOT NULL DEFAULT false;

-- The /48 (a keyed hash) of the network an account signed in from: a failure from the account's own /48
-- rings its alarm (and, after it, meets the second step) rather than making the person wait there.
ALTER TABLE staff_known_networks ADD COLUMN block text;
CREATE INDEX staff_known_networks_block ON staff_known_networks (account_id, block) WHERE block IS NOT NULL;
