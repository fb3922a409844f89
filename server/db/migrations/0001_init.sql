-- Fleetform initial schema. One PostgreSQL dialect: runs on PGlite and PostgreSQL 14+.
-- Column names are snake_case; server/db/schema.ts mirrors every table for kysely.

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  password_hash text,
  brand_id text NOT NULL,
  region text NOT NULL,
  shortlists jsonb NOT NULL DEFAULT '[]'::jsonb,
  failed_logins integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A session row is keyed by the SHA-256 of the random id the cookie carries.
CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  brand_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE applications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_type text NOT NULL,
  application_status text NOT NULL,
  brand_id text NOT NULL,
  region text NOT NULL,
  definition_version text NOT NULL,
  record jsonb NOT NULL DEFAULT '{}'::jsonb,
  version integer NOT NULL DEFAULT 1,
  primary_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  secondary_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX applications_primary_idx ON applications (primary_user_id);
CREATE INDEX applications_secondary_idx ON applications (secondary_user_id);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  application_id uuid REFERENCES applications(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  at timestamptz NOT NULL DEFAULT now(),
  action text NOT NULL,
  path text,
  from_value jsonb,
  to_value jsonb,
  from_status text,
  to_status text
);
CREATE INDEX audit_log_application_idx ON audit_log (application_id, at);

-- Password reset tokens: only the SHA-256 of the token is stored; single use (used_at).
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id);

CREATE TABLE outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  to_address text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  body_html text,
  template text NOT NULL,
  brand_id text,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX outbox_to_idx ON outbox (to_address, created_at);

-- Stored files. storage_key is server-generated (never from the client's file name).
CREATE TABLE files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  storage_key text NOT NULL UNIQUE,
  file_name text NOT NULL,
  mime_type text NOT NULL,
  size_bytes integer,
  sha256 text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'uploaded')),
  owner_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  application_id uuid REFERENCES applications(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  uploaded_at timestamptz
);

CREATE TABLE industries (
  doc_id text PRIMARY KEY,
  name text NOT NULL
);
CREATE TABLE sub_divisions (
  doc_id text PRIMARY KEY,
  industry_id text NOT NULL REFERENCES industries(doc_id) ON DELETE CASCADE,
  name text NOT NULL
);
CREATE INDEX sub_divisions_industry_idx ON sub_divisions (industry_id);
CREATE TABLE sub_groups (
  doc_id text PRIMARY KEY,
  industry_id text NOT NULL REFERENCES industries(doc_id) ON DELETE CASCADE,
  sub_division_id text NOT NULL REFERENCES sub_divisions(doc_id) ON DELETE CASCADE,
  name text NOT NULL
);
CREATE INDEX sub_groups_parent_idx ON sub_groups (industry_id, sub_division_id);

-- Business-registry sample (ABN for AU, NZBN for NZ).
CREATE TABLE businesses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  region text NOT NULL,
  business_number text NOT NULL,
  name text NOT NULL,
  entity_type text NOT NULL,
  post_code text,
  state_code text,
  status text NOT NULL DEFAULT 'active',
  registered_on text,
  gst_registered boolean NOT NULL DEFAULT true,
  UNIQUE (region, business_number)
);
CREATE INDEX businesses_name_idx ON businesses (region, lower(name));

-- Rate book rows (spec 000 section 3 'Rate book row'), one row per vehicle x term x distance.
CREATE TABLE ratebook (
  id bigserial PRIMARY KEY,
  country_code text NOT NULL,
  reference_id text NOT NULL,
  catalog_vehicle_id text NOT NULL,
  quotation_template_id text,
  catalog_price double precision NOT NULL,
  consumer_price double precision NOT NULL,
  month_leaseprice double precision NOT NULL,
  week_leaseprice double precision NOT NULL,
  fiscal_value double precision,
  net_price double precision,
  discount_rate double precision,
  discount_amount double precision,
  excess_distance_price double precision,
  distance integer NOT NULL,
  distance_unit text NOT NULL,
  duration integer NOT NULL,
  duration_unit text NOT NULL,
  creation_date timestamptz NOT NULL DEFAULT now(),
  leasecompany text,
  catalog_year integer NOT NULL,
  vehicle_description text NOT NULL,
  vehicle_make text NOT NULL,
  vehicle_model text NOT NULL,
  vehicle_category text,
  vehicle_naturegroup text,
  cab_type text,
  vehicle_trim text,
  vehicle_bodystyle text,
  vehicle_bodytype text,
  vehicle_nrofdoors integer,
  vehicle_drivetrain text,
  vehicle_wheelbase text,
  vehicle_transmissiongroup text,
  vehicle_transmission text,
  vehicle_primaryfueltype text,
  vehicle_nrofseats integer,
  vehicle_fueltype text,
  broker_id text,
  broker_name text,
  jato_imagepath text,
  jato_imagepath_trim text,
  jato_imagepath_base text,
  UNIQUE (reference_id)
);
CREATE INDEX ratebook_search_idx ON ratebook (country_code, duration, vehicle_make, vehicle_model);
CREATE INDEX ratebook_desc_idx ON ratebook (country_code, vehicle_description);
CREATE INDEX ratebook_week_idx ON ratebook (country_code, week_leaseprice);
CREATE INDEX ratebook_price_idx ON ratebook (country_code, consumer_price);
CREATE INDEX ratebook_vehicle_idx ON ratebook (catalog_vehicle_id);

CREATE TABLE make_model_cache (
  id bigserial PRIMARY KEY,
  country_code text NOT NULL,
  broker_id text,
  make text NOT NULL,
  model text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_by text,
  UNIQUE (country_code, make, model)
);

-- Submit-type mutations remember their answer per (scope, key) so a replay returns it unchanged.
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  user_id uuid REFERENCES users(id) ON DELETE CASCADE,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);
