-- E-signature (server/signing). `signing_envelopes` is the application's side, whatever the provider: which
-- envelope signs which application's document set (purpose `quote`; the lease documents later).
CREATE TABLE signing_envelopes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  -- quote | lease
  purpose text NOT NULL,
  -- provider name (sandbox, or a real adapter's) and the envelope id it answered
  provider text NOT NULL,
  envelope_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, envelope_id)
);
CREATE INDEX signing_envelopes_application_idx ON signing_envelopes (application_id, purpose, created_at);

-- The sandbox provider's own envelopes (a real provider keeps these at its service).
CREATE TABLE esign_sandbox_envelopes (
  id text PRIMARY KEY,
  -- created | sent | completed | declined | expired
  status text NOT NULL,
  -- [{ name, email, role: signer | witness, roleName, status: pending | completed | declined }]
  recipients jsonb NOT NULL,
  -- where the signing page sends the signer afterwards (?event=...)
  return_url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The documents of a sandbox envelope, in order (base64: the PDFs are small).
CREATE TABLE esign_sandbox_documents (
  envelope_id text NOT NULL REFERENCES esign_sandbox_envelopes(id) ON DELETE CASCADE,
  position integer NOT NULL,
  name text NOT NULL,
  content_base64 text NOT NULL,
  PRIMARY KEY (envelope_id, position)
);
