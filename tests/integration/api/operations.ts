/** One request per operation of the schema, built for a target application / user (the authorisation matrix's rows). */
import { abnFor } from '../../../server/seed/referenceData';
import { FIXTURE } from './fixture';
import { MINIMAL_PDF } from '../../unit/files/sampleFiles';

/** What a row's request is aimed at. */
export interface Target {
  appId: string;
  /** The target's user e-mail (for `user`). */
  email: string;
  /** The target application's file (for `getFileByUUID`). */
  fileId: string;
  /** The caller's own user id (for `updateShortlists`). */
  selfId: string;
}

/** A request: GraphQL text and variables. */
export interface Request {
  query: string;
  variables?: Record<string, unknown>;
}

/** A valid calculator enquiry (AU rules; the ABN passes its check digit). */
const enquiry = (enquireType: string) => ({
  enquireType,
  customer: { name: 'Fixture Freight', abn: abnFor(123456789) },
  contact: { firstName: 'Erin', lastName: 'Enquirer', phone: '0412345678', email: `erin.${enquireType}@fixture.test`, postCode: '2000' },
  fleetSize: '3',
  yearsTrading: { value: '2 - 5 years' },
  shortlists: [],
});
const officer = (tag: string) => ({ firstName: 'Olive', lastName: 'Officer', email: `officer.${tag}@fixture.test`, phone: '0411222333' });
const PDF = Buffer.from(MINIMAL_PDF).toString('base64');

/** Operation name -> request for a target. Every Query and Mutation field of the schema must be here. */
export const OPERATIONS: Record<string, (t: Target) => Request> = {
  // --- application (backed) ---
  getVehicleApplication: (t) => ({ query: 'query($id: ID) { getVehicleApplication(applicationId: $id) { applicationId version scoreboard { status } } }', variables: { id: t.appId } }),
  createOrUpdateProperty: (t) => ({
    query: 'mutation($id: ID!, $p: PropertyParams!) { createOrUpdateProperty(applicationId: $id, params: $p) { status message version } }',
    variables: { id: t.appId, p: { value: 250000, propertyFirst: 'businessDetails', propertySecond: 'annualRevenue' } },
  }),
  // An event no status flow takes in any fixture's status: what is checked here is who may ask at all.
  requestTransition: (t) => ({ query: 'mutation($id: ID!) { requestTransition(applicationId: $id, event: "notAnEvent") { status message } }', variables: { id: t.appId } }),
  updateDocusignStatus: (t) => ({ query: 'mutation($id: ID!) { updateDocusignStatus(applicationId: $id, docusignStatus: "completed") { status message } }', variables: { id: t.appId } }),
  reassignQuote: (t) => ({ query: 'mutation($id: ID, $u: UserInfoInput!) { reassignQuote(userInfo: $u, applicationId: $id) { status message } }', variables: { id: t.appId, u: officer('reassign') } }),
  selectPrimaryApplicant: (t) => ({
    query: 'mutation($id: ID, $u: UserInfoInput!) { selectPrimaryApplicant(isCurrentUserPrimary: true, vehicleApplicationStatus: "yes", userInfo: $u, applicationId: $id) { status primaryApplicant { userId confirmed } } }',
    variables: { id: t.appId, u: { firstName: 'Pat', lastName: 'Primary', email: 'ignored@fixture.test', phone: ' ' } },
  }),
  selectSecondaryApplicant: (t) => ({
    query: 'mutation($id: ID, $u: UserInfoInput!) { selectSecondaryApplicant(applicantType: "director", userInfo: $u, applicationId: $id) { status secondaryApplicant { userId applicantType } } }',
    variables: { id: t.appId, u: officer('secondary') },
  }),
  updateShortlists: (t) => ({
    query: 'mutation($id: ID, $u: ID!, $s: JSON!) { updateShortlists(applicationId: $id, userId: $u, shortlists: $s) { success } }',
    variables: { id: t.appId, u: t.selfId, s: [{ catalogVehicleId: 'CV-1', duration: 48 }] },
  }),
  // --- user and organisation (backed) ---
  user: (t) => ({ query: 'query($e: String) { user(email: $e) { id email organisation { orgId } whiteLabel { region } } }', variables: { e: t.email } }),
  sessionIdle: () => ({ query: '{ sessionIdle { idleSeconds warningSeconds remainingSeconds } }' }),
  getOrgProfilesByDomain: () => ({ query: '{ getOrgProfilesByDomain(domain: "au.localhost") { orgId region whiteLabel { domains } } }' }),
  // --- reference data (backed) ---
  industries: () => ({ query: '{ industries { docId name } }' }),
  subDivisions: () => ({ query: '{ subDivisions(param: "IND|01") { docId name } }' }),
  subGroups: () => ({ query: '{ subGroups(industryId: "IND|01", subDivisionId: "DIV|01") { docId name } }' }),
  getBusinessInfo: () => ({ query: '{ getBusinessInfo(param: "Fixture", region: "AU") { status rows { name } } }' }),
  // --- address autocomplete (server/address) ---
  addressSuggestions: () => ({ query: '{ addressSuggestions(query: "George Street", countries: ["AU"]) { id label } }' }),
  addressDetails: () => ({ query: '{ addressDetails(id: "au-1-george-street-sydney-nsw-2000") { streetNo streetName countryCode } }' }),
  // --- sign-in (infra) ---
  session: () => ({ query: '{ session { user { id } } }' }),
  login: () => ({ query: 'mutation { login(email: "nobody@fixture.test", password: "wrong-Password1") { success } }' }),
  logout: () => ({ query: 'mutation { logout { success } }' }),
  requestPasswordReset: () => ({ query: 'mutation { requestPasswordReset(email: "nobody@fixture.test") { success } }' }),
  resetPassword: () => ({ query: 'mutation { resetPassword(email: "nobody@fixture.test", hash: "x", password: "Abcdefg1") { success } }' }),
  // --- files (infra) ---
  getSignedUrl: (t) => ({
    query: 'mutation($f: FileInput!) { getSignedUrl(file: $f, shouldUpload: false) { uuid signedUrl } }',
    variables: { f: { fileName: 'statement.pdf', mimeType: 'application/pdf', size: 100, applicationId: t.appId } },
  }),
  saveFile: (t) => ({
    query: 'mutation($f: FileInput!) { saveFile(file: $f) { uuid } }',
    variables: { f: { fileName: 'statement.pdf', mimeType: 'application/pdf', applicationId: t.appId, content: PDF } },
  }),
  getFileByUUID: (t) => ({ query: 'mutation($u: ID!) { getFileByUUID(uuid: $u) { uuid signedUrl } }', variables: { u: t.fileId } }),
  // --- providers still to come ---
  getQuoteDocusign: (t) => ({ query: 'mutation($id: ID, $u: String!) { getQuoteDocusign(returnUrl: $u, applicationId: $id) { url } }', variables: { id: t.appId, u: `http://au.localhost:8080/applications/${t.appId}/quotesign` } }),
  getEnvelope: (t) => ({ query: 'mutation($id: ID) { getEnvelope(applicationId: $id) { status } }', variables: { id: t.appId } }),
  getQuotePDF: (t) => ({ query: 'mutation($id: ID) { getQuotePDF(applicationId: $id) { url } }', variables: { id: t.appId } }),
  getEnvelopeMLA: (t) => ({ query: 'mutation($id: ID!) { getEnvelopeMLA(applicationId: $id) { status { signers { email status } } } }', variables: { id: t.appId } }),
  getMLADocusign: (t) => ({ query: 'mutation($id: ID!) { getMLADocusign(applicationId: $id, isCurrentUserPrimary: true, returnUrl: "http://au.localhost:8080/x") { url } }', variables: { id: t.appId } }),
  getWetSignatureUrl: (t) => ({ query: 'mutation($id: ID!) { getWetSignatureUrl(applicationId: $id, wetSignatureObjName: "documentMLA") { files { url } } }', variables: { id: t.appId } }),
  sendWetSignatureEmail: (t) => ({ query: 'mutation($id: ID!) { sendWetSignatureEmail(applicationId: $id, wetSignatureObjName: "documentMLA", email: "x@fixture.test") { url } }', variables: { id: t.appId } }),
  uploadWetSignature: (t) => ({
    query: 'mutation($id: ID!, $f: UploadFileInput!) { uploadWetSignature(applicationId: $id, wetSignatureObjName: "documentMLA", uploadFileObj: $f) { url } }',
    variables: { id: t.appId, f: { fileName: 'mla.pdf', uuid: t.fileId, mimeType: 'application/pdf' } },
  }),
  deleteWetSignature: (t) => ({ query: 'mutation($id: ID!) { deleteWetSignature(applicationId: $id, wetSignatureObjName: "documentMLA") { url } }', variables: { id: t.appId } }),
  submitWetSignature: (t) => ({ query: 'mutation($id: ID!) { submitWetSignature(applicationId: $id, status: "completed") { url } }', variables: { id: t.appId } }),
  initGBGIdScan: (t) => ({ query: 'query($id: ID) { initGBGIdScan(applicationId: $id) { scanningToken } }', variables: { id: t.appId } }),
  idScanOutcome: (t) => ({ query: 'mutation($id: ID!) { idScanOutcome(applicationId: $id) { outcome } }', variables: { id: t.appId } }),
  saveDrivingLicense: (t) => ({
    query: 'mutation($id: ID!, $p: [DrivingLicenseFileInput!]!) { saveDrivingLicense(applicationId: $id, params: $p) { status } }',
    variables: { id: t.appId, p: [{ fileName: 'front.jpg', mimeType: 'image/jpeg', uuid: t.fileId, applicantType: 'primary' }] },
  }),
  submitCreditCheck: (t) => ({ query: 'mutation($id: ID!) { submitCreditCheck(payload: { applicationId: $id, testingValue: "accept" }) { status result } }', variables: { id: t.appId } }),
  creditCheck: (t) => ({ query: 'query($p: String!) { creditCheck(param: $p, applicationType: "vehicle") { status result } }', variables: { p: `${t.appId.slice(0, 8)}3` } }),
  fetchRatebook: () => ({ query: '{ fetchRatebook(searchFilters: { countryCode: "AU", pageSize: 25, currentPage: 1 }) { totalCount results { rows { id } } } }' }),
  fetchCacheMakeModel: () => ({ query: '{ fetchCacheMakeModel(searchFilters: { countryCode: "AU" }) { results { rows { make model } } } }' }),
  getSalesforceAccountByUser: () => ({ query: '{ getSalesforceAccountByUser { AccountSource Credit_Total_Value__c } }' }),
  getSalesforceOpportunityByUser: () => ({ query: '{ getSalesforceOpportunityByUser { LeadSource StageName } }' }),
  creditApplicationEligibility: () => ({ query: '{ creditApplicationEligibility { eligible reason } }' }),
  startCreditApplication: (t) => ({ query: 'mutation($id: ID!) { startCreditApplication(applicationId: $id) { status applicationId } }', variables: { id: t.appId } }),
  updateQuoteStageName: (t) => ({ query: 'mutation($id: ID!) { updateQuoteStageName(applicationId: $id, stageName: "Deal Mobilising") { status } }', variables: { id: t.appId } }),
  sendRequestCallback: () => ({
    query: 'mutation { sendRequestCallback(payload: { firstName: "Al", lastName: "Caller", contactNumber: "0400000000", email: "al@fixture.test", message: "hi" }) { status } }',
  }),
  saveCalculatorLeadDialler: () => ({ query: 'mutation($e: CalcLeadDiallerInput!) { saveCalculatorLeadDialler(calcLeadDialler: $e) { leadId success } }', variables: { e: enquiry('call') } }),
  saveCalculatorOnlineAccount: () => ({ query: 'mutation($e: CalcLeadOppInput!) { saveCalculatorOnlineAccount(calcLeadOpp: $e) { status message } }', variables: { e: enquiry('register') } }),
};

/** Own and someone else's target of each caller (anonymous aims at the shared application and at `other`'s). */
export const TARGETS = {
  anonymous: { own: 'shared', others: 'other' },
  primary: { own: 'shared', others: 'other' },
  secondary: { own: 'shared', others: 'other' },
  calculator: { own: 'calculator', others: 'shared' },
  other: { own: 'other', others: 'shared' },
} as const;

const EMAIL_OF = { shared: FIXTURE.users.primary.email, calculator: FIXTURE.users.calculator.email, other: FIXTURE.users.other.email } as const;

/** The target of a caller's own or someone else's column. */
export function targetFor(who: keyof typeof TARGETS, column: 'own' | 'others'): Target {
  const key = TARGETS[who][column];
  const selfEmail = who === 'anonymous' ? FIXTURE.users.primary.email : FIXTURE.users[who].email;
  const selfId = who === 'anonymous' ? FIXTURE.users.primary.id : FIXTURE.users[who].id;
  return {
    appId: FIXTURE.apps[key],
    // `user` asks for the caller's own e-mail in the own column and the other application's applicant otherwise.
    email: column === 'own' ? selfEmail : EMAIL_OF[key],
    fileId: FIXTURE.files[key],
    selfId,
  };
}
