-- One quote envelope at a time per application (getQuoteDocusign asked twice at once must not create two):
-- each envelope row names the row it replaces (after a decline or expiry; NULL for the first), and no two rows
-- replace the same one. Two requests that both saw the same latest envelope (or none) insert the same
-- `replaces`: the second insert fails on the unique index and that request answers the winner's envelope.
ALTER TABLE signing_envelopes ADD COLUMN replaces uuid REFERENCES signing_envelopes(id) ON DELETE CASCADE;
UPDATE signing_envelopes s
   SET replaces = p.prev
  FROM (SELECT id, lag(id) OVER (PARTITION BY application_id, purpose, provider ORDER BY created_at, id) AS prev FROM signing_envelopes) p
 WHERE s.id = p.id;
CREATE UNIQUE INDEX signing_envelopes_one_current_idx
  ON signing_envelopes (application_id, purpose, provider, COALESCE(replaces, '00000000-0000-0000-0000-000000000000'::uuid));
