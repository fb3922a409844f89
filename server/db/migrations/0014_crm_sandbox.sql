-- The CRM sandbox provider (server/crm/sandboxCrm.ts): one row per calculator customer's application, as a CRM keeps
-- the account (its source, its credit total) and the opportunity (its lead source, its stage, whether a specialist
-- entered it by hand). `moves` lists each stage move ({ from, to, at }) so a demo or a test reads them back.
CREATE TABLE crm_sandbox_records (
  application_id text PRIMARY KEY,
  user_id text NOT NULL,
  account_source text NOT NULL DEFAULT 'Calculator',
  credit_total double precision,
  lead_source text NOT NULL DEFAULT 'Calculator',
  stage_name text NOT NULL DEFAULT 'Needs Analysis',
  manual_lead boolean NOT NULL DEFAULT false,
  moves jsonb NOT NULL DEFAULT '[]',
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX crm_sandbox_records_user ON crm_sandbox_records (user_id);
