/** Builds the application record of a demo scenario (shape per COMMON: applicationId, scoreboard, calculator ...). */
import { createHash } from 'node:crypto';
import { getPath, writableSegments } from '../../runtime/core/source/pointer';
import type { JsonObject } from '../db';
import { ratebookRows } from './ratebook';
import { abnFor, nzbnFor } from './referenceData';
import { BUSINESS_ENTITY, progressFor, type Scenario } from './scenarios';

/** A stable uuid (v4 layout) derived from a key, so re-seeding finds the same rows. */
export function stableUuid(key: string): string {
  const h = createHash('sha256').update(`fleetform-demo:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Set a dotted path, creating objects on the way; `undefined` removes the key (the schemas allow no nulls).
 * Throws `PrototypePathError` for a path through `__proto__`, `constructor` or `prototype`.
 */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = writableSegments(path);
  let node = target;
  for (const p of parts.slice(0, -1)) {
    if (!node[p] || typeof node[p] !== 'object') {
      if (value === undefined) return;
      node[p] = {};
    }
    node = node[p] as Record<string, unknown>;
  }
  if (value === undefined) delete node[parts[parts.length - 1]];
  else node[parts[parts.length - 1]] = value;
}

const get = getPath;

/** The ID details form an officer would have sent before the ID check completed (the identity flows' guard). */
function idScanResult(p: DemoPerson, region: string): Record<string, unknown> {
  // Licence numbers found nowhere else (a test greps the server's log for them: ID data is never logged).
  const licence = region === 'NZ' ? { driversLicenceNumber: 'FZ904173', version: '233' } : { driversLicenceNumber: 'FFD2718364', driversLicenceState: 'NSW', driversCardNumber: '2071836452' };
  const address = region === 'NZ' ? { currentAddress: '1 Queen Street, Auckland Central, Auckland 1010', streetNo: '1', streetName: 'Queen Street', suburb: 'Auckland Central', state: 'Auckland', postCode: '1010', country: 'New Zealand', countryCode: 'NZ' } : { currentAddress: '1 George Street, Sydney NSW 2000', streetNo: '1', streetName: 'George Street', suburb: 'Sydney', state: 'NSW', postCode: '2000', country: 'Australia', countryCode: 'AU' };
  return { firstName: p.firstName, lastName: p.lastName, dob: '12/04/1980', dateOfBirth: '1980-04-12', ...address, driversLicenceExpiry: '30/06/2030', ...licence, confirmed: 'yes' };
}

/**
 * Make a record what the flows would have left behind: what a guard required before a status was
 * reached is present (ID form before identity completed, privacy consent before the review completed,
 * finance details completed before approvals).
 */
function settle(record: Record<string, unknown>, region: string, people: { primaryApplicant: DemoPerson | null; secondaryApplicant: DemoPerson | null }): void {
  for (const key of ['primaryApplicant', 'secondaryApplicant'] as const) {
    const person = people[key];
    if (person && get(record, `scoreboard.${key}.identityVerificationStatus`) === 'completed') {
      setPath(record, `scoreboard.${key}.idScanResult`, idScanResult(person, region));
      // Completed on a scan the provider reported passed (the flows' identity guard; server/idScan records it).
      setPath(record, `scoreboard.${key}.idScanData.idScan.outcome`, 'passed');
      setPath(record, `scoreboard.${key}.idScanData.idScan.checks`, { blurCheck: 'Good', fullDocumentInViewCheck: 'Good', lowResolutionCheck: 'Good' });
    }
  }
  if (get(record, 'scoreboard.primaryApplicant.applicationReviewStatus') === 'completed') setPath(record, 'scoreboard.primaryApplicant.privacyConsent', 'confirmed');
  // A confirmed officer confirmed the company first (flows' `completion` of primaryApplicant.confirmed).
  if (get(record, 'scoreboard.primaryApplicant.confirmed') === 'yes') {
    const entity = { entityName: get(record, 'scoreboard.companyDetails.companyName'), ...CONFIRMED_ENTITY };
    for (const [key, value] of Object.entries(entity)) if (get(record, `scoreboard.entityDetails.${key}`) === undefined) setPath(record, `scoreboard.entityDetails.${key}`, value);
  }
  const legalName = get(record, 'scoreboard.companyDetails.companyLegalName');
  if (AFTER_BUSINESS_DETAILS.includes(String(get(record, 'scoreboard.status')))) {
    // The business details screen's sections, then the completed flag (flows' `completion` of financeDetails.completed).
    setPath(record, 'scoreboard.businessDetails.entityDetails', { companyLegalName: legalName, ...BUSINESS_ENTITY[region === 'NZ' ? 'NZ' : 'AU'] });
    setPath(record, 'scoreboard.businessDetails.annualRevenue', 1250000);
    for (const [key, value] of Object.entries(FINANCE)) setPath(record, `scoreboard.businessDetails.financeDetails.${key}`, value);
    // No personal guarantee (confirmed on the screen's warning) unless the scenario gave one.
    if (get(record, 'scoreboard.businessDetails.financeDetails.personalGuarantee') === undefined) {
      setPath(record, 'scoreboard.businessDetails.financeDetails.personalGuarantee', 'no');
      setPath(record, 'scoreboard.businessDetails.financeDetails.noGuaranteeApproved', true);
    }
    setPath(record, 'scoreboard.businessDetails.financeDetails.completed', 'yes');
  } else if (get(record, 'scoreboard.businessDetails.entityDetails') !== undefined && get(record, 'scoreboard.businessDetails.entityDetails.companyLegalName') === undefined) {
    // Business details half done (a scenario's entity section): the legal name is the company's.
    setPath(record, 'scoreboard.businessDetails.entityDetails.companyLegalName', legalName);
  }
}

/** The industry of a confirmed demo company (server/seed/data/industries.yaml). */
const CONFIRMED_ENTITY = { industry: 'Construction', subDivision: 'Building Construction', subGroup: 'Residential Building Construction' };
/** Finance details a demo company gave. */
const FINANCE = { currentFleetSize: '4', numberOfEmployees: '25', purchaseMoreVehicles: 'yes', howManyVehicles: '2', valueOfApplication: 100000 };

/** Main statuses reached only after the business details were completed. */
const AFTER_BUSINESS_DETAILS = ['approvals', 'reviewAndSignContract', 'finished'];

/** A person on the application. */
export interface DemoPerson { id: string; firstName: string; lastName: string; email: string; phone: string }

const shortlistCache = new Map<string, JsonObject[]>();
/**
 * Three vehicles of the region's own rate book (48 months, 15,000 km) for calculator shortlists, each as a
 * shortlist item has it (spec 002 s3 'Vehicle (rate book row / shortlist item)'): the card's year, fuel,
 * transmission, drivetrain and the region's RRP and prices.
 */
function shortlist(region: string): JsonObject[] {
  const cached = shortlistCache.get(region);
  if (cached) return cached;
  const list: JsonObject[] = [];
  for (const row of ratebookRows(400)) {
    if (row.country_code !== region || row.duration !== 48 || row.distance !== 15000) continue;
    const item: Record<string, unknown> = {
      catalogVehicleId: row.catalog_vehicle_id, catalogYear: row.catalog_year, vehicleMake: row.vehicle_make, vehicleModel: row.vehicle_model,
      vehicleTrim: row.vehicle_trim ?? null, vehicleDescription: row.vehicle_description, vehicleDrivetrain: row.vehicle_drivetrain ?? null,
      vehicleFueltype: row.vehicle_fueltype ?? null, vehiclePrimaryfueltype: row.vehicle_primaryfueltype ?? null, vehicleTransmissiongroup: row.vehicle_transmissiongroup ?? null,
      vehicleBodytype: row.vehicle_bodytype ?? null, cabType: row.cab_type ?? null, vehicleSeats: row.vehicle_nrofseats ?? null,
      consumerPrice: row.consumer_price, catalogPrice: row.catalog_price, weekLeaseprice: row.week_leaseprice, monthLeaseprice: row.month_leaseprice,
      distance: row.distance, distanceUnit: row.distance_unit, duration: row.duration, durationUnit: row.duration_unit, referenceId: row.reference_id,
      jatoImagepath: row.jato_imagepath ?? null, jatoImagepathTrim: row.jato_imagepath_trim ?? null, jatoImagepathBase: row.jato_imagepath_base ?? null,
    };
    // Fields a row does not have (e.g. cab type of a sedan) are left out, as the record schemas allow no nulls.
    list.push(Object.fromEntries(Object.entries(item).filter(([, v]) => v !== null && v !== undefined)) as JsonObject);
    if (list.length === 3) break;
  }
  shortlistCache.set(region, list);
  return list;
}

/** The record for a scenario. */
export function demoRecord(s: Scenario, appId: string, region: string, orgName: string, primary: DemoPerson | null, secondary: DemoPerson | null, index: number): JsonObject {
  const isCalc = s.applicationType === 'calculator';
  const applicant = (p: DemoPerson, extra: Record<string, unknown> = {}) => ({
    userId: p.id, firstName: p.firstName, lastName: p.lastName, email: p.email, phone: p.phone, confirmed: 'yes', identityVerificationStatus: 'pending', idScanData: { fileUrls: [], idScan: { errorCount: 0 } }, ...extra,
  });
  const quoteRef = `Q${String(100200 + index)}`;
  const record: Record<string, unknown> = {
    applicationId: appId,
    applicationType: s.applicationType,
    applicationStatus: s.status === 'canceled' ? 'canceled' : isCalc ? s.status : 'draft',
    docusignStatus: 'none',
    scoreboard: {
      status: s.status,
      docusignStatus: 'none',
      currentUser: { region, orgName },
      quoteDetails: { milesQuoteRef: quoteRef, erpQuoteRef: `ERP-${quoteRef}` },
      companyDetails: { companyName: `Demo Company ${index + 1}`, companyLegalName: `Demo Company ${index + 1} Pty Ltd`, ...(region === 'NZ' ? { nzbn: nzbnFor(20000000 + index) } : { abn: abnFor(500000000 + index * 31) }) },
      entityDetails: { entityType: region === 'NZ' ? 'LTD' : 'PRV', hasSecondaryApplicant: s.withSecondary ? 'yes' : 'no' },
      vehicleDetails: { make: 'TOYOTA', model: 'HILUX', vehicleImage: '/vehicles/toyota-hilux.jpg' },
      leaseDetails: { monthlyRentalNet: 1150 + index * 10, terms: 48, driveAwayPrice: 52000, fiscalValue: 47272 },
      wetSignature: { signType: 'digital' },
      ...(primary ? { primaryApplicant: applicant(primary, { applicationReviewStatus: 'pending' }) } : {}),
      ...(secondary ? { secondaryApplicant: applicant(secondary, { applicantType: 'director' }) } : {}),
    },
    calculator: { shortlists: isCalc ? shortlist(region) : [] },
  };
  const progress = progressFor(s.status);
  if (!primary) for (const k of Object.keys(progress)) if (k.startsWith('scoreboard.primaryApplicant.')) delete progress[k];
  for (const [path, value] of Object.entries(progress)) setPath(record, path, value);
  for (const [path, value] of Object.entries(s.set)) setPath(record, path, value);
  if ((record.scoreboard as Record<string, unknown>).wetSignature && s.status === 'finished') setPath(record, 'scoreboard.wetSignature.status', 'completed');
  settle(record, region, { primaryApplicant: primary, secondaryApplicant: secondary });
  return record as JsonObject;
}
