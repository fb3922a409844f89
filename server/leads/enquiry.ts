/**
 * Calculator enquiries and call requests (spec 002 s3-s5, s7): validated on the server with the same form
 * schemas the browser uses (schemas/calculatorEnquiry.json, schemas/requestCallback.json), then handed to the
 * lead provider. A 'register' enquiry also creates the customer's account and calculator application and
 * e-mails them a link to set their password (the identity provider's reset token); for an e-mail that already has
 * an account it answers the same and e-mails the owner instead (no enumeration; {@link submitOnlineAccount}).
 */
import type { ServerContext } from '../context';
import type { JsonObject } from '../db';
import { calculatorRules, arrayLiteral } from '../catalogue';
import { calculatorProviders } from '../calculatorProviders';
import { assertPayload, payloadErrors, refuse } from '../enforce';
import { whiteLabelOf } from '../graphql/resolvers/userProfile';
import { sql } from 'kysely';

/** An enquiry as the form sends it (CalcLeadDiallerInput / CalcLeadOppInput). */
export interface EnquiryInput {
  enquireType?: string | null;
  customer?: unknown;
  contact?: unknown;
  fleetSize?: unknown;
  yearsTrading?: unknown;
  description?: string | null;
  shortlists?: unknown;
  introducer?: unknown;
}

/** A call request (RequestCallbackInput). */
export interface CallbackInput {
  firstName: string;
  lastName: string;
  contactNumber: string;
  email: string;
  message?: string | null;
  domain?: string | null;
}

interface Contact { firstName: string; lastName: string; phone: string; email: string; postCode?: string; location?: string }

const obj = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const layersOf = (ctx: ServerContext) => ctx.definitions.layers(ctx.brand.selection);
const text = (ctx: ServerContext, key: string) => ctx.definitions.message(key, ctx.brand.selection);
/** The business number of the request's region (regions/*.yaml settings.businessNumber; checked at start). */
const numbersOf = (ctx: ServerContext) => {
  const region = ctx.services.regions.get(ctx.brand.region);
  if (!region) throw new Error(`brand ${ctx.brand.id}: region ${ctx.brand.region} has no definitions`);
  return region.businessNumber;
};
/** Drop undefined / null members so the stored payload is plain JSON. */
const plain = (v: unknown): JsonObject => JSON.parse(JSON.stringify(v ?? {})) as JsonObject;

/**
 * The introducer block: the brand's own details, never the client's (spec 002 s3 'Enquiry form'): region, its
 * business number under the region's field name (`abn` in AU, `nzbn` in NZ: regions/*.yaml
 * settings.businessNumber.field; the number from brands/*.yaml settings.whiteLabel), organisation id, name and domain.
 */
function introducerOf(ctx: ServerContext): JsonObject {
  const settings = layersOf(ctx).settings;
  const white = whiteLabelOf(ctx.brand, settings);
  const org = obj(settings.organisation);
  const numberKey = numbersOf(ctx).rule.field;
  // The API's white label names `abn` and `nzbn`; another region's number is read from the brand's whiteLabel by its field.
  const value = white[numberKey] ?? obj(settings.whiteLabel)[numberKey];
  const number = typeof value === 'string' ? value : null;
  return plain({ region: ctx.brand.region, [numberKey]: number, orgId: ctx.brand.orgId, name: org.name ?? ctx.brand.id, domainName: ctx.brand.hosts[0] ?? null });
}

/** Payload path of each field of the enquire-now form (schemas/calculatorEnquiryForm.json). */
const FORM_PATHS: Record<string, string> = {
  enquireType: 'enquireType', firstName: 'contact.firstName', lastName: 'contact.lastName', phone: 'contact.phone', email: 'contact.email',
  postCode: 'contact.postCode', location: 'contact.location', fleetSize: 'fleetSize', yearsTrading: 'yearsTrading', description: 'description',
};

/** The enquire-now form's errors for the payload (the form data rebuilt from it), keyed by payload path. */
function formErrors(layers: ReturnType<typeof layersOf>, payload: JsonObject): Record<string, string> {
  const contact = obj(payload.contact);
  const scalar = (v: unknown) => (typeof v === 'number' ? String(v) : v);
  const form = {
    enquireType: payload.enquireType, firstName: contact.firstName, lastName: contact.lastName, phone: contact.phone, email: contact.email,
    postCode: contact.postCode, location: contact.location, fleetSize: scalar(payload.fleetSize), yearsTrading: obj(payload.yearsTrading).value ?? payload.yearsTrading, description: payload.description ?? undefined,
  };
  // A field the page leaves empty arrives as null (e.g. postCode on NZ): missing, as in the form.
  const data = Object.fromEntries(Object.entries(form).filter(([, v]) => v !== null && v !== undefined));
  const errors = payloadErrors(layers, 'calculatorEnquiryForm', data);
  return Object.fromEntries(Object.entries(errors).map(([field, text]) => [FORM_PATHS[field] ?? field, text]));
}

/** Validate an enquiry: form and payload schemas (layers of the request's brand), business number check digit, shortlisted vehicles exist. */
async function validEnquiry(ctx: ServerContext, input: EnquiryInput): Promise<{ payload: JsonObject; contact: Contact }> {
  const payload = plain({ ...input, introducer: undefined });
  const layers = layersOf(ctx);
  // The page's own form schema decides the field rules (region layers included); the payload schema adds the
  // structure around them (customer, shortlist). Both must pass; the texts are the ones the page shows.
  const fields = { ...payloadErrors(layers, 'calculatorEnquiry', payload), ...formErrors(layers, payload) };
  if (Object.keys(fields).length) {
    const named = Object.fromEntries(Object.entries(fields).map(([f, t]) => [`calcLead.${f}`, t]));
    throw refuse('INVALID_VALUE', `invalid enquiry: ${Object.entries(named).map(([f, t]) => `${f}: ${t}`).join('; ')}`, { fields: named });
  }
  const numbers = numbersOf(ctx);
  const number = numbers.fullNumber(String(obj(payload.customer).abn ?? ''));
  if (!number || !numbers.valid(number)) {
    throw refuse('INVALID_VALUE', `customer.abn is not a valid ${numbers.rule.field} (${numbers.rule.digits} digits, validator '${numbers.rule.validator}')`, { fields: { 'calcLead.customer.abn': text(ctx, 'calculator.enquiry.businessNumber') } });
  }
  const shortlist = Array.isArray(payload.shortlists) ? (payload.shortlists as JsonObject[]) : [];
  const ids = [...new Set(shortlist.map((s) => String(s.catalogVehicleId)))];
  if (ids.length) {
    const country = calculatorRules(layersOf(ctx).settings).countryCode;
    const found = await sql<{ id: string }>`select distinct catalog_vehicle_id as id from ratebook where country_code = ${country} and catalog_vehicle_id = any(cast(${arrayLiteral(ids)} as text[]))`.execute(ctx.db);
    const known = new Set(found.rows.map((r) => r.id));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length) throw refuse('INVALID_VALUE', `unknown vehicles on the shortlist: ${missing.join(', ')}`, { fields: { 'calcLead.shortlists': text(ctx, 'validation.default') }, missing });
  }
  const c = obj(payload.contact);
  const contact: Contact = { firstName: String(c.firstName).trim(), lastName: String(c.lastName).trim(), phone: String(c.phone).trim(), email: String(c.email).trim().toLowerCase() };
  return { payload: { ...payload, introducer: introducerOf(ctx), contact: { ...c, ...contact } }, contact };
}

const leadOf = (ctx: ServerContext, kind: 'dialler' | 'onlineAccount' | 'callback', contact: Contact, payload: JsonObject) => ({
  kind, brandId: ctx.brand.id, region: ctx.brand.region, email: contact.email, firstName: contact.firstName, lastName: contact.lastName, phone: contact.phone, payload,
});

/** 'Call me': the lead goes to the dialler. */
export async function submitLeadDialler(ctx: ServerContext, input: EnquiryInput): Promise<{ leadId: string; success: boolean }> {
  const { payload, contact } = await validEnquiry(ctx, input);
  const receipt = await calculatorProviders(ctx.services).leads.submit(leadOf(ctx, 'dialler', contact, payload));
  return { leadId: receipt.leadId, success: true };
}

/** The answer of 'Create an online account': the same for a new and a known e-mail (see {@link submitOnlineAccount}). */
export interface OnlineAccountAnswer {
  status: 'success';
  message: null;
  results: { leadId: string; vehicleApplicationId: null; opportunityId: null };
}

/** Template and catalogue keys of the e-mail telling an account's owner that they already have one (`{firstName}`, `{loginLink}`, `{resetLink}`). */
export const EXISTING_ACCOUNT_EMAIL = { template: 'existingAccount', subject: 'auth.existingAccount.emailSubject', body: 'auth.existingAccount.emailBody' } as const;

/**
 * 'Create an online account' (spec 002 s4, the register branch). The answer is the same whether or not the e-mail
 * already has an account, on any brand, so the form tells nobody which addresses are known: status 'success',
 * message null (the thank-you page's account-created text) and the lead's id only (no application or opportunity
 * id, which only a new account would have).
 *
 * A new e-mail gets its account, calculator application and lead, then the set-password e-mail. A known e-mail gets
 * no second account: the enquiry still reaches a lease specialist (a dialler lead naming the account) and the
 * account's owner an e-mail, in their own brand, saying they already have one, with links to sign in and to ask for
 * a new password. Both branches write a lead and an e-mail in one transaction; the new-account branch writes a few
 * rows more, and the `onlineAccount` limit per e-mail (a handful an hour) bounds how often one address can be timed.
 */
export async function submitOnlineAccount(ctx: ServerContext, input: EnquiryInput): Promise<OnlineAccountAnswer> {
  const { payload, contact } = await validEnquiry(ctx, input);
  const answer = (leadId: string): OnlineAccountAnswer => ({ status: 'success', message: null, results: { leadId, vehicleApplicationId: null, opportunityId: null } });
  const known = await ctx.db.selectFrom('users').select('id').where('email', '=', contact.email).executeTakeFirst();
  if (known) return answer(await alreadyRegistered(ctx, contact, payload, known.id));
  let created: { leadId: string };
  try {
    created = await createOnlineAccount(ctx, contact, payload);
  } catch (e) {
    // The same e-mail registered a moment ago (unique users.email): as for a known e-mail.
    const raced = /duplicate key|unique/i.test((e as Error).message) ? await ctx.db.selectFrom('users').select('id').where('email', '=', contact.email).executeTakeFirst() : undefined;
    if (!raced) throw e;
    return answer(await alreadyRegistered(ctx, contact, payload, raced.id));
  }
  const reset = ctx.services.identity.passwordReset;
  if (reset) await reset.request(contact.email);
  return answer(created.leadId);
}

/** A new online account: the user (no password yet), the calculator application and the lead, in one transaction. */
function createOnlineAccount(ctx: ServerContext, contact: Contact, payload: JsonObject): Promise<{ applicationId: string; leadId: string }> {
  const shortlists = Array.isArray(payload.shortlists) ? payload.shortlists : [];
  return ctx.db.transaction().execute(async (tx) => {
    const user = await tx
      .insertInto('users')
      .values({ email: contact.email, first_name: contact.firstName, last_name: contact.lastName, phone: contact.phone, password_hash: null, brand_id: ctx.brand.id, region: ctx.brand.region, shortlists })
      .returning('id')
      .executeTakeFirstOrThrow();
    const settings = layersOf(ctx).settings;
    const record = {
      applicationType: 'calculator',
      applicationStatus: 'viewShortlist',
      docusignStatus: 'none',
      scoreboard: {
        // Statuses, applicants and consent not reached yet are absent (the record schemas allow no nulls).
        status: 'viewShortlist', docusignStatus: 'none',
        currentUser: { region: ctx.brand.region, orgName: String(obj(settings.organisation).name ?? ctx.brand.id) },
        companyDetails: plain({ companyName: obj(payload.customer).name, [numbersOf(ctx).rule.field]: obj(payload.customer).abn }),
        entityDetails: plain({ entityType: obj(payload.customer).entityType }),
      },
      calculator: plain({ company: payload.customer, contact: payload.contact, introducer: payload.introducer, shortlists, fleetSize: payload.fleetSize, yearsTrading: payload.yearsTrading }),
    };
    const app = await tx
      .insertInto('applications')
      .values({ application_type: 'calculator', application_status: 'viewShortlist', brand_id: ctx.brand.id, region: ctx.brand.region, definition_version: ctx.definitions.version, record, primary_user_id: user.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.updateTable('applications').set({ record: sql`jsonb_set(record, '{applicationId}', to_jsonb(${app.id}::text))` }).where('id', '=', app.id).execute();
    await tx.insertInto('audit_log').values({ application_id: app.id, user_id: user.id, action: 'create', to_status: 'viewShortlist' }).execute();
    const receipt = await calculatorProviders(ctx.services).leads.submit({ ...leadOf(ctx, 'onlineAccount', contact, payload), userId: user.id, applicationId: app.id }, tx);
    return { applicationId: app.id, leadId: receipt.leadId };
  });
}

/**
 * An online-account enquiry for an e-mail that has an account: the lead goes to a lease specialist naming the account,
 * and the owner is told, in their own brand (its public origin, its texts), that they already have an account.
 * Answers the lead's id.
 */
function alreadyRegistered(ctx: ServerContext, contact: Contact, payload: JsonObject, userId: string): Promise<string> {
  return ctx.db.transaction().execute(async (tx) => {
    const receipt = await calculatorProviders(ctx.services).leads.submit({ ...leadOf(ctx, 'dialler', contact, payload), userId }, tx);
    const owner = await tx.selectFrom('users').select(['email', 'first_name', 'brand_id']).where('id', '=', userId).executeTakeFirstOrThrow();
    const brand = ctx.services.brands.byId(owner.brand_id) ?? ctx.services.brands.fallback;
    // The sign-in page; with showLogin=false it offers 'forgot password' instead (flows/account.yaml, login).
    const loginLink = `${brand.publicOrigin}/login`;
    const vars = { firstName: owner.first_name, loginLink, resetLink: `${loginLink}?showLogin=false` };
    const message = (key: string) => ctx.definitions.message(key, brand.selection, vars);
    await ctx.services.email.send(
      { to: owner.email, template: EXISTING_ACCOUNT_EMAIL.template, brandId: brand.id, subject: message(EXISTING_ACCOUNT_EMAIL.subject), text: message(EXISTING_ACCOUNT_EMAIL.body), data: vars },
      tx,
    );
    return receipt.leadId;
  });
}

/** Request a call (dashboard or calculator): validated, then recorded as a callback lead. */
export async function submitCallback(ctx: ServerContext, input: CallbackInput): Promise<{ status: string; message: string }> {
  const payload = plain(input);
  assertPayload(layersOf(ctx), 'requestCallback', payload, 'payload');
  const contact: Contact = { firstName: input.firstName.trim(), lastName: input.lastName.trim(), phone: input.contactNumber.trim(), email: input.email.trim().toLowerCase() };
  // The domain is the brand's own (its configured public origin), never the client's value or the request's Host.
  const lead = { ...leadOf(ctx, 'callback', contact, { ...payload, domain: new URL(ctx.brand.publicOrigin).hostname }), userId: ctx.user?.id ?? null };
  await calculatorProviders(ctx.services).leads.submit(lead);
  return { status: '200', message: 'OK' };
}
