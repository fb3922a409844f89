-- Submit-type mutations claim their key before they run (server/enforce/idempotent.ts): a claim is a row without an
-- answer yet; the answer is stored once the work is done, and a failed run gives the claim up (the row is deleted).
ALTER TABLE idempotency_keys ALTER COLUMN response DROP NOT NULL;
ALTER TABLE idempotency_keys ADD COLUMN answered_at timestamptz;
UPDATE idempotency_keys SET answered_at = created_at WHERE response IS NOT NULL;

-- The credit-bureau sandbox provider (server/creditBureau/sandboxCreditBureau.ts): one row per bureau request, as a
-- bureau keeps it, keyed by the portal's reference of the submission (a repeated reference is the same request).
-- `result` is null while the bureau has no result (the 'none' outcome), until a demo control decides it.
CREATE TABLE creditbureau_sandbox_requests (
  reference text PRIMARY KEY,
  application_id text NOT NULL,
  email text NOT NULL,
  result text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The outcome a person's (their e-mail, or '*' for anyone) next request gets: set by a demo control (/dev/creditbureau,
-- demo mode only; used up by that request) or seeded for a demo user (`standing`: every request of theirs gets it).
CREATE TABLE creditbureau_sandbox_controls (
  subject_key text PRIMARY KEY,
  outcome text NOT NULL,
  standing boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
