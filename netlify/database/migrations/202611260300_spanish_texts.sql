-- The Spanish staff write for what the console edits (issue 27): the Spanish of each dish text and banner
-- title, one row per text (no row: the Spanish of content/es/ applies, else the English), and the Spanish
-- of each special date's note and of the pause message beside their English.

-- Keys name the English text a row translates: 'dish:7:description', 'dish:7:group:temperature',
-- 'dish:7:option:temperature:medium-rare', 'banner:hero'. Clearing a Spanish text deletes its row.
CREATE TABLE spanish_texts (
  key        text PRIMARY KEY CHECK (key ~ '^(dish|banner):[A-Za-z0-9_:-]+$' AND length(key) <= 300),
  spanish    text NOT NULL CHECK (length(spanish) BETWEEN 1 AND 1000),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- '' : no Spanish yet; the page shows the English note.
ALTER TABLE special_dates ADD COLUMN note_es text NOT NULL DEFAULT '';
-- '' : no Spanish yet; the Spanish pages show the English message (or the Spanish default when there is none).
ALTER TABLE ordering_settings ADD COLUMN pause_message_es text NOT NULL DEFAULT '';
