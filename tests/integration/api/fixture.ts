/** The fixture the API suite runs on: four users, three applications, a little reference data. */
import type { Kysely } from 'kysely';
import type { Database, JsonObject } from '../../../server/db';

const user = (n: number, key: string) => ({ id: `00000000-0000-4000-8000-00000000000${n}`, email: `${key}@fixture.test`, first: key[0].toUpperCase() + key.slice(1), last: 'Tester' });

/** Ids and names used by the tests (the expectations refer to these by name). */
export const FIXTURE = {
  brand: 'acme-au',
  users: {
    primary: user(1, 'primary'),
    secondary: user(2, 'secondary'),
    calculator: user(3, 'calculator'),
    other: user(4, 'other'),
  },
  apps: {
    /** Vehicle application of `primary` (and `secondary` as Authorised Officer (2)); status businessDetails. */
    shared: 'aaaaaaaa-0000-4000-8000-00000000000a',
    /** Calculator application of `calculator` (no primary applicant yet: counts as primary); status businessDetails, wet signature. */
    calculator: 'bbbbbbbb-0000-4000-8000-00000000000b',
    /** Vehicle application of `other`; status businessDetails. */
    other: 'dddddddd-0000-4000-8000-00000000000d',
  },
  /** One uploaded file per application. */
  files: {
    shared: 'aaaaaaaa-0000-4000-8000-0000000000f1',
    calculator: 'bbbbbbbb-0000-4000-8000-0000000000f2',
    other: 'dddddddd-0000-4000-8000-0000000000f3',
  },
} as const;

const applicant = (u: { id: string; email: string; first: string; last: string }, extra: JsonObject = {}): JsonObject => ({
  userId: u.id,
  firstName: u.first,
  lastName: u.last,
  email: u.email,
  phone: '0400000000',
  ...extra,
});

/** The confirmed company's entity (company lookup and industry, spec 001 s2). */
const ENTITY = { entityName: 'Fixture Pty Ltd', entityType: 'PRV', industry: 'Construction', subDivision: 'Building', subGroup: 'House construction' };

function vehicleRecord(id: string, primary: JsonObject, secondary?: JsonObject): JsonObject {
  return {
    applicationId: id,
    applicationType: 'vehicle',
    applicationStatus: 'draft',
    docusignStatus: 'completed',
    scoreboard: {
      status: 'businessDetails',
      ...(secondary ? { statusSecondary: 'approvals', secondaryApplicant: secondary } : {}),
      docusignStatus: 'completed',
      wetSignature: { signType: 'digital' },
      currentUser: { region: 'AU' },
      quoteDetails: { milesQuoteRef: `Q-${id.slice(0, 4)}` },
      vehicleDetails: { make: 'TOYOTA', model: 'HILUX' },
      leaseDetails: { monthlyRentalNet: 1200, terms: 48 },
      companyDetails: { companyName: 'Fixture Pty Ltd' },
      entityDetails: { ...ENTITY, hasSecondaryApplicant: secondary ? 'yes' : 'no' },
      primaryApplicant: primary,
    },
  };
}

/** Insert the fixture rows (tables must be empty). */
export async function insertFixture(db: Kysely<Database>): Promise<void> {
  const u = FIXTURE.users;
  await db
    .insertInto('users')
    .values(Object.values(u).map((x) => ({ id: x.id, email: x.email, first_name: x.first, last_name: x.last, phone: '0400000000', password_hash: null, brand_id: FIXTURE.brand, region: 'AU' })))
    .execute();
  const base = { brand_id: FIXTURE.brand, region: 'AU', definition_version: 'fixture', application_status: 'draft' };
  await db
    .insertInto('applications')
    .values([
      {
        ...base,
        id: FIXTURE.apps.shared,
        application_type: 'vehicle',
        primary_user_id: u.primary.id,
        secondary_user_id: u.secondary.id,
        record: vehicleRecord(FIXTURE.apps.shared, applicant(u.primary, { confirmed: 'yes' }), applicant(u.secondary, { applicantType: 'director' })),
      },
      {
        ...base,
        id: FIXTURE.apps.calculator,
        application_type: 'calculator',
        primary_user_id: u.calculator.id,
        secondary_user_id: null,
        record: {
          applicationId: FIXTURE.apps.calculator,
          applicationType: 'calculator',
          applicationStatus: 'draft',
          calculator: { shortlists: [] },
          scoreboard: {
            status: 'businessDetails',
            currentUser: { region: 'AU' },
            wetSignature: { signType: 'wet' },
            companyDetails: { companyName: 'Calculator Customer Pty Ltd' },
            entityDetails: { ...ENTITY, entityName: 'Calculator Customer Pty Ltd', hasSecondaryApplicant: 'no' },
          },
        },
      },
      {
        ...base,
        id: FIXTURE.apps.other,
        application_type: 'vehicle',
        primary_user_id: u.other.id,
        secondary_user_id: null,
        record: vehicleRecord(FIXTURE.apps.other, applicant(u.other, { confirmed: 'yes' })),
      },
    ])
    .execute();
  await db
    .insertInto('files')
    .values([
      { id: FIXTURE.files.shared, storage_key: 'fixture/shared', file_name: 'a.pdf', mime_type: 'application/pdf', size_bytes: 10, status: 'uploaded', owner_user_id: u.primary.id, application_id: FIXTURE.apps.shared },
      { id: FIXTURE.files.calculator, storage_key: 'fixture/calculator', file_name: 'b.pdf', mime_type: 'application/pdf', size_bytes: 10, status: 'uploaded', owner_user_id: u.calculator.id, application_id: FIXTURE.apps.calculator },
      { id: FIXTURE.files.other, storage_key: 'fixture/other', file_name: 'd.pdf', mime_type: 'application/pdf', size_bytes: 10, status: 'uploaded', owner_user_id: u.other.id, application_id: FIXTURE.apps.other },
    ])
    .execute();
  await db.insertInto('industries').values([{ doc_id: 'IND/01', name: 'Construction' }, { doc_id: 'IND/02', name: 'Agriculture' }]).execute();
  await db.insertInto('sub_divisions').values([{ doc_id: 'DIV/01', industry_id: 'IND/01', name: 'Building' }]).execute();
  await db.insertInto('sub_groups').values([{ doc_id: 'GRP/01', industry_id: 'IND/01', sub_division_id: 'DIV/01', name: 'House construction' }]).execute();
}

/**
 * Values that complete the business details step of a fixture application (flows' `completion` of
 * `scoreboard.businessDetails.financeDetails.completed`; the company and officer are confirmed already), by
 * scoreboard path, in the order the screens save them.
 */
export const BUSINESS_DETAILS: [string, unknown][] = [
  [
    'businessDetails.entityDetails',
    { companyLegalName: 'Fixture Pty Ltd', companyLegalAddress: '1 George St, Sydney NSW 2000', tradingAddressSame: true, businessContactNumber: '0298765432', streetNo: '1', streetName: 'George St', suburb: 'Sydney', state: 'NSW', postCode: '2000' },
  ],
  ['businessDetails.annualRevenue', 250000],
];

/** Finance details as the last section saves them, completed. */
export const FINANCE_COMPLETED = { currentFleetSize: '3', numberOfEmployees: '12', purchaseMoreVehicles: 'yes', howManyVehicles: '1', valueOfApplication: 50000, personalGuarantee: 'yes', completed: 'yes' };
