-- Places in flight for Square's calls that are neither charges nor look-ups (points, gift card activation,
-- the catalogue, the Point of Sale's status, the owner's checks): rows 111-120, apart from the charges'
-- 1-100 and the look-ups' 101-106 (src/server/square/callPurposes.ts says which purpose takes which).
INSERT INTO square_call_slots (slot) SELECT generate_series(111, 120) ON CONFLICT DO NOTHING;
