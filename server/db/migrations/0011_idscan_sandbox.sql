-- The ID-scan sandbox provider (server/idScan/sandboxIdScan.ts): one row per capture journey, as a vendor keeps it.
-- `subject` is the portal's key of the applicant (application and role), reported back on the journey; the capture
-- page records `status`, `checks` and `details` once the person captures (or a demo control decides).
CREATE TABLE idscan_sandbox_journeys (
  id text PRIMARY KEY,
  subject text NOT NULL,
  email text NOT NULL,
  return_url text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  checks jsonb,
  details jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Demo controls (/dev/idscan, demo mode only): the outcome the next capture of a person (their e-mail, or '*' for
-- anyone) gets, whatever sample they pick; consumed by that capture.
CREATE TABLE idscan_sandbox_controls (
  subject_key text PRIMARY KEY,
  outcome text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
