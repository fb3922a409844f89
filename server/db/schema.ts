/**
 * Kysely table types mirroring `server/db/migrations/*.sql` (snake_case columns, as stored).
 *
 * Driver conventions, identical on PGlite and PostgreSQL (see `server/db/open.ts`):
 * - `jsonb` columns read back as parsed JSON; on write pass objects/arrays as they are (the
 *   drivers JSON-encode object and array parameters). A jsonb *scalar* (string, number) must be
 *   written with `jsonb(value)` from `server/db/json.ts`.
 * - `bigint`/`bigserial` and `count(*)` read back as strings; `timestamptz` as `Date`.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Any JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };
/**
 * What a jsonb column accepts besides `T`: an SQL expression (`jsonb()`, `sql\`jsonb_set(...)\``), whose
 * type Kysely cannot know. Not `undefined`: an insert must give a NOT NULL jsonb column without a default.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{}`: any value but null and undefined
export type JsonWrite = {};
/**
 * A jsonb column holding `T`; written as `T` (objects/arrays) or via `jsonb()`. A plain `null` parameter is
 * SQL NULL, never the JSON null (write that with `jsonb(null)`), so writes exclude `null`.
 */
export type Json<T = JsonValue> = ColumnType<T, NonNullable<T> | JsonWrite, NonNullable<T> | JsonWrite>;
/** A jsonb column with a database default: an insert may leave it out. */
export type DefaultedJson<T = JsonValue> = ColumnType<T, NonNullable<T> | JsonWrite | undefined, NonNullable<T> | JsonWrite>;
/** A timestamptz column: read as Date, written as Date or ISO string, defaulted by the database. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A nullable timestamptz column. */
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Signed-up people: applicants and calculator customers. */
export interface UsersTable {
  id: Generated<string>;
  /** Lower-cased; unique (a CHECK constraint refuses upper case). */
  email: string;
  first_name: ColumnType<string, string | undefined, string>;
  last_name: ColumnType<string, string | undefined, string>;
  phone: ColumnType<string, string | undefined, string>;
  /** argon2id PHC string; null for users who have not set a password yet. */
  password_hash: string | null;
  /** Brand id (file name under `brands/` without extension). */
  brand_id: string;
  /** Region code of the user, e.g. `AU`. */
  region: string;
  /** Calculator shortlist (list of rate-book vehicles). */
  shortlists: ColumnType<JsonValue[], JsonValue[] | undefined, JsonValue[]>;
  created_at: Timestamp;
}

/** Server-side sessions; the cookie holds a random id, the table its SHA-256. */
export interface SessionsTable {
  /** hex SHA-256 of the cookie's session id. */
  id_hash: string;
  user_id: string;
  /** Brand the session was opened on. */
  brand_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  /** The session's own idle time in seconds (demo control only); null: the brand's `settings.session`. */
  idle_seconds: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One vehicle application; `record` is the application record (scoreboard etc.). */
export interface ApplicationsTable {
  id: Generated<string>;
  /** e.g. `calculator` or `vehicle`. */
  application_type: string;
  /** e.g. `draft`, `viewShortlist`, `canceled`. */
  application_status: string;
  brand_id: string;
  region: string;
  /** Version of the definitions the application started on. */
  definition_version: string;
  /** { applicationId, applicationType, applicationStatus, docusignStatus, scoreboard, calculator }. */
  record: DefaultedJson<JsonObject>;
  /** Incremented on every accepted write (optimistic concurrency). */
  version: ColumnType<number, number | undefined, number | unknown>;
  primary_user_id: string | null;
  secondary_user_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Every accepted write and transition. */
export interface AuditLogTable {
  id: Generated<string>;
  application_id: string | null;
  user_id: string | null;
  at: Timestamp;
  /** e.g. `write`, `transition`, `login`, `logout`, `password-reset`. */
  action: string;
  /** Dotted record path written, if any. */
  path: string | null;
  from_value: Json<JsonValue | null> | null;
  to_value: Json<JsonValue | null> | null;
  from_status: string | null;
  to_status: string | null;
}

/** Password reset tokens (hash only), single use, expiring. */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: NullableTimestamp;
}

/** E-mail outbox; the dev mailbox page lists it. */
export interface OutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  /** Template name, e.g. `passwordReset`. */
  template: string;
  brand_id: string | null;
  data: DefaultedJson<JsonObject>;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
}

/** An attachment of a queued e-mail (migration 0012), in `position` order. */
export interface OutboxAttachmentsTable {
  outbox_id: string;
  position: number;
  file_name: string;
  mime_type: string;
  content_base64: string;
}

/** States of a file row. */
export type FileStatus = 'pending' | 'uploaded' | 'refused';

/** Stored files (uploads); `id` is the uuid clients see. */
export interface FilesTable {
  id: Generated<string>;
  /** Server-generated storage key; never derived from the client's file name. */
  storage_key: string;
  /** Client's file name, for display and download names only. */
  file_name: string;
  /** Declared type; the upload's content must match it. */
  mime_type: string;
  size_bytes: number | null;
  sha256: string | null;
  /** `pending` until bytes arrive; `uploaded` once inspected and stored; `refused` when its bytes were refused (its URL is spent: migration 0010). */
  status: ColumnType<FileStatus, FileStatus | undefined, FileStatus>;
  owner_user_id: string | null;
  application_id: string | null;
  /** Record path of the slot the upload was asked for (`FileInput.slot`), if any. */
  slot: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  uploaded_at: NullableTimestamp;
}

/** Industry classification (spec 001: docId, name). */
export interface IndustriesTable {
  doc_id: string;
  name: string;
}
/** Sub divisions of an industry. */
export interface SubDivisionsTable {
  doc_id: string;
  industry_id: string;
  name: string;
}
/** Sub groups of a sub division. */
export interface SubGroupsTable {
  doc_id: string;
  industry_id: string;
  sub_division_id: string;
  name: string;
}

/** Business-registry sample (sandbox registry), per region. */
export interface BusinessesTable {
  id: Generated<string>;
  /** Region code, upper case (`AU`, `NZ`: regions/*.yaml settings.region). */
  region: string;
  /** The region's business number (settings.businessNumber: ABN 11 digits, NZBN 13 ...), digits only. */
  business_number: string;
  name: string;
  /** e.g. IND, PRV, PUB (AU) or LTD, ULTD, Sole_Trader (NZ). */
  entity_type: string;
  post_code: string | null;
  state_code: string | null;
  status: ColumnType<string, string | undefined, string>;
  /** ISO date the business registered. */
  registered_on: string | null;
  gst_registered: ColumnType<boolean, boolean | undefined, boolean>;
}

/** Rate-book catalogue rows (spec 000 section 3), snake_case of the spec's field names. */
export interface RatebookTable {
  id: Generated<string>;
  country_code: string;
  reference_id: string;
  catalog_vehicle_id: string;
  quotation_template_id: string | null;
  catalog_price: number;
  consumer_price: number;
  month_leaseprice: number;
  week_leaseprice: number;
  fiscal_value: number | null;
  net_price: number | null;
  discount_rate: number | null;
  discount_amount: number | null;
  excess_distance_price: number | null;
  distance: number;
  distance_unit: string;
  duration: number;
  duration_unit: string;
  creation_date: Timestamp;
  leasecompany: string | null;
  catalog_year: number;
  vehicle_description: string;
  vehicle_make: string;
  vehicle_model: string;
  vehicle_category: string | null;
  vehicle_naturegroup: string | null;
  cab_type: string | null;
  vehicle_trim: string | null;
  vehicle_bodystyle: string | null;
  vehicle_bodytype: string | null;
  vehicle_nrofdoors: number | null;
  vehicle_drivetrain: string | null;
  vehicle_wheelbase: string | null;
  vehicle_transmissiongroup: string | null;
  vehicle_transmission: string | null;
  vehicle_primaryfueltype: string | null;
  vehicle_nrofseats: number | null;
  vehicle_fueltype: string | null;
  broker_id: string | null;
  broker_name: string | null;
  jato_imagepath: string | null;
  jato_imagepath_trim: string | null;
  jato_imagepath_base: string | null;
}

/** Make/model cache (make and model upper-cased). */
export interface MakeModelCacheTable {
  id: Generated<string>;
  country_code: string;
  broker_id: string | null;
  make: string;
  model: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  created_by: string | null;
  updated_by: string | null;
}

/** Leads the sandbox lead provider records (calculator enquiries, request a call). */
export interface LeadsTable {
  id: Generated<string>;
  /** `dialler`, `onlineAccount` or `callback`. */
  kind: string;
  brand_id: string;
  region: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  /** The validated payload as received. */
  payload: Json<JsonObject>;
  user_id: string | null;
  application_id: string | null;
  /** Provider name (e.g. `sandbox`). */
  provider: string;
  /** The provider's lead id. */
  external_id: string | null;
  /** The provider's opportunity id (online accounts). */
  opportunity_id: string | null;
  created_at: Timestamp;
}

/** Submit-type mutations per (scope, key): claimed before they run (response null), then their answer (migration 0012). */
export interface IdempotencyKeysTable {
  /** The operation, e.g. `submitCreditCheck`. */
  scope: string;
  /** The submission, e.g. `<applicationId>:<n>`. */
  key: string;
  user_id: string | null;
  /** The answer; null while claimed and running. */
  response: Json<JsonValue> | null;
  created_at: Timestamp;
  /** When the answer was stored; null while claimed. */
  answered_at: NullableTimestamp;
}

/** Which provider envelope signs which application's documents (server/signing). */
export interface SigningEnvelopesTable {
  id: Generated<string>;
  application_id: string;
  /** `quote` (the lease documents later). */
  purpose: string;
  /** Provider name (e.g. `sandbox`). */
  provider: string;
  /** The provider's envelope id. */
  envelope_id: string;
  /** The row this envelope replaces (after a decline, expiry or void); null for the first. Unique per application, purpose and provider. */
  replaces: string | null;
  created_at: Timestamp;
  /** When the portal voided it (its officer left the application, migration 0009); null while it stands. A voided envelope never counts as signed. */
  voided_at: NullableTimestamp;
}

/** One recipient of a sandbox envelope (server/signing/sandbox). */
export interface SandboxRecipientRow {
  name: string;
  email: string;
  role: 'signer' | 'witness';
  roleName: string;
  status: 'pending' | 'completed' | 'declined';
}

/** The sandbox e-signature provider's envelopes. */
export interface EsignSandboxEnvelopesTable {
  id: string;
  /** `created`, `sent`, `completed`, `declined`, `expired` or `voided`. */
  status: string;
  recipients: Json<SandboxRecipientRow[]>;
  /** Where the signing page sends the signer afterwards. */
  return_url: string;
  /** Why it was voided (status `voided`), shown on the signing page; null otherwise. */
  voided_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The documents of a sandbox envelope, in order. */
export interface EsignSandboxDocumentsTable {
  envelope_id: string;
  position: number;
  name: string;
  content_base64: string;
}

/** The CRM sandbox's account and opportunity of each calculator customer's application (server/crm/sandboxCrm.ts, migration 0012). */
export interface CrmSandboxRecordsTable {
  application_id: string;
  user_id: string;
  /** Spec 002 s3 Account.AccountSource. */
  account_source: ColumnType<string, string | undefined, string>;
  /** Spec 002 s3 Account.Credit_Total_Value__c (null: unset). */
  credit_total: number | null;
  /** Opportunity.LeadSource. */
  lead_source: ColumnType<string, string | undefined, string>;
  /** Opportunity.StageName. */
  stage_name: ColumnType<string, string | undefined, string>;
  /** The opportunity was entered by hand (a manual calculator lead). */
  manual_lead: ColumnType<boolean, boolean | undefined, boolean>;
  /** Each stage move: { from, to, at }. */
  moves: DefaultedJson<JsonValue[]>;
  updated_at: Timestamp;
}

/** The ID-scan sandbox's capture journeys (server/idScan/sandboxIdScan.ts, migration 0011). */
export interface IdscanSandboxJourneysTable {
  id: string;
  /** The portal's key of the applicant the journey was started for. */
  subject: string;
  /** The person's e-mail (demo controls are keyed by it). */
  email: string;
  /** Where the capture page sends the person afterwards. */
  return_url: string;
  /** `pending`, then `passed`, `failed` or `skipped`. */
  status: ColumnType<string, string | undefined, string>;
  /** Each check's result once captured. */
  checks: Json<JsonObject> | null;
  /** What the capture read. */
  details: Json<JsonObject> | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The ID-scan sandbox's demo controls: the outcome the next capture of a person (e-mail, or `*`) gets. */
export interface IdscanSandboxControlsTable {
  subject_key: string;
  outcome: string;
  created_at: Timestamp;
}

/** One request to the credit-bureau sandbox (server/creditBureau), keyed by the portal's submission reference. */
export interface CreditbureauSandboxRequestsTable {
  reference: string;
  application_id: string;
  /** The primary officer's e-mail (demo controls are keyed by it). */
  email: string;
  /** The bureau's result (approved, declined, refer, secondary_idscan_not_complete); null while it has none. */
  result: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The outcome a person's next credit-bureau sandbox request gets (a demo control, or seeded and standing). */
export interface CreditbureauSandboxControlsTable {
  subject_key: string;
  outcome: string;
  /** Seeded for a demo user: every request of theirs gets it (a control is used up by one request). */
  standing: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

/** Applied migrations (managed by `server/db/migrate.ts`). */
export interface SchemaMigrationsTable {
  name: string;
  applied_at: Timestamp;
}

/** The whole database, for `Kysely<Database>`. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  applications: ApplicationsTable;
  audit_log: AuditLogTable;
  password_resets: PasswordResetsTable;
  outbox: OutboxTable;
  outbox_attachments: OutboxAttachmentsTable;
  files: FilesTable;
  industries: IndustriesTable;
  sub_divisions: SubDivisionsTable;
  sub_groups: SubGroupsTable;
  businesses: BusinessesTable;
  ratebook: RatebookTable;
  make_model_cache: MakeModelCacheTable;
  idempotency_keys: IdempotencyKeysTable;
  leads: LeadsTable;
  rate_limits: RateLimitsTable;
  signing_envelopes: SigningEnvelopesTable;
  esign_sandbox_envelopes: EsignSandboxEnvelopesTable;
  esign_sandbox_documents: EsignSandboxDocumentsTable;
  address_gazetteer: AddressGazetteerTable;
  idscan_sandbox_journeys: IdscanSandboxJourneysTable;
  idscan_sandbox_controls: IdscanSandboxControlsTable;
  creditbureau_sandbox_requests: CreditbureauSandboxRequestsTable;
  creditbureau_sandbox_controls: CreditbureauSandboxControlsTable;
  crm_sandbox_records: CrmSandboxRecordsTable;
  schema_migrations: SchemaMigrationsTable;
}

/** Rate-limit counters (server/limits): one row per hashed key, a sliding-window estimate over two fixed windows. */
export interface RateLimitsTable {
  /** SHA-256 of rule, scope and subject. */
  key_hash: string;
  /** Start of the current window (epoch ms; bigint arrives as a string from pg). */
  window_start: ColumnType<string | number, number, number>;
  /** Hits in the current window. */
  hits: number;
  /** Hits in the window before it. */
  prev_hits: ColumnType<number, number | undefined, number>;
  /** When the row may be deleted (epoch ms). */
  expires_at: ColumnType<string | number, number, number>;
}

/** A user row as read. */
export type User = Selectable<UsersTable>;
/** A new user row. */
export type NewUser = Insertable<UsersTable>;
/** An application row as read. */
export type Application = Selectable<ApplicationsTable>;
/** A new application row. */
export type NewApplication = Insertable<ApplicationsTable>;
/** An application update. */
export type ApplicationUpdate = Updateable<ApplicationsTable>;
/** An audit row as read. */
export type AuditEntry = Selectable<AuditLogTable>;
/** A new audit row. */
export type NewAuditEntry = Insertable<AuditLogTable>;
/** A rate-book row as read. */
export type RatebookRow = Selectable<RatebookTable>;
/** A stored file as read. */
export type StoredFile = Selectable<FilesTable>;

/** The address sandbox's gazetteer (server/address; migration 0008): one AU or NZ address a row. */
export interface AddressGazetteerTable {
  /** Stable id the suggestions answer and `addressDetails` takes. */
  id: string;
  /** `AU` or `NZ`. */
  country_code: string;
  country: string;
  /** Unit, suite or level (e.g. `Unit 4`), or null. */
  sub_premise: string | null;
  street_no: string;
  street_name: string;
  suburb: string;
  /** AU state code (NSW ...) or NZ region name (Auckland ...). */
  state: string;
  post_code: string;
  /** One-line address as a suggestion shows it. */
  label: string;
  /** Lower-case label, what suggestions match. */
  search: string;
}
