-- Leads recorded by the sandbox lead provider (calculator enquiries 'call' and 'register', request a call).
-- A real CRM adapter forwards them instead; the row keeps what was sent and the provider's answer.
CREATE TABLE leads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- dialler | onlineAccount | callback
  kind text NOT NULL,
  brand_id text NOT NULL,
  region text NOT NULL,
  email text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone text NOT NULL,
  -- the validated payload as received (enquiry or callback)
  payload jsonb NOT NULL,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  application_id uuid REFERENCES applications(id) ON DELETE SET NULL,
  -- provider name and the id it answered (sandbox: the row id)
  provider text NOT NULL,
  external_id text,
  opportunity_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX leads_email_idx ON leads (lower(email), created_at);
