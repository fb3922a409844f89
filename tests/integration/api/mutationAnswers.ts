/**
 * Every mutation of the schema (server/graphql/schema/*.graphql) with what it answers when it changes
 * nothing: an answer that says so ('unchanged'), a refusal with its code (and the catalogue text), a
 * read that never changes anything, or (documented) the same answer as when it acts. Written by hand from
 * the SDL descriptions; mutationAnswers.test.ts runs one test per row and fails on a mutation without one.
 */
import { FIXTURE } from './fixture';
import type { Harness, Who } from './harness';
import { serverSets } from './helpers';
import type { Request } from './operations';
import { MINIMAL_PDF } from '../../unit/files/sampleFiles';

/** What a mutation answers when it changes nothing. */
export type NoChangeAnswer =
  /** The answer says nothing changed: these fields of the mutation's result. */
  | { unchanged: Record<string, unknown> }
  /** A refusal: its `extensions.code` (the message is the catalogue text of the code). */
  | { refused: string }
  /** The mutation only reads (a signed URL, a stored file): these fields, and never a change. */
  | { reads: Record<string, unknown> }
  /** By design the same answer as when it acts, for the reason given; `text` names the catalogue key of `message`. */
  | { same: Record<string, unknown>; because: string; text?: string };

/** One row of the table. */
export interface AnswerRow {
  /** The case in which the call changes nothing. */
  when: string;
  answer: NoChangeAnswer;
  /** The caller. */
  who: Who;
  /** Puts the fixture into the row's state (before the database is compared); may answer variables for the call. */
  arrange?: (h: Harness) => Promise<Record<string, unknown> | void>;
  /** The call. */
  call: Request;
}

const A = FIXTURE.apps.shared;
const B = FIXTURE.apps.calculator;
const PDF = Buffer.from(MINIMAL_PDF).toString('base64');
const invalidEnquiry = { enquireType: 'call', customer: { name: 'X', abn: '123' }, contact: { firstName: 'E', lastName: 'E', phone: '1', email: 'not-an-email' }, shortlists: [] };

/** The contract step of the shared application with wet signing. */
async function contractStep(h: Harness, wetSignature: Record<string, unknown> = { signType: 'wet' }): Promise<void> {
  await serverSets(h, A, 'scoreboard.status', 'reviewAndSignContract');
  await serverSets(h, A, 'scoreboard.wetSignature', wetSignature);
}

/** A signed PDF saved and attached as documentMLA by the primary officer; answers its uuid. */
async function attachedMla(h: Harness): Promise<string> {
  await contractStep(h);
  const saved = await h.gql('primary', 'mutation($f: FileInput!) { saveFile(file: $f) { uuid } }', { f: { fileName: 'mla.pdf', mimeType: 'application/pdf', applicationId: A, content: PDF } });
  const uuid = (saved.data?.saveFile as { uuid: string }).uuid;
  await h.gql('primary', 'mutation($id: ID!, $f: UploadFileInput!) { uploadWetSignature(applicationId: $id, wetSignatureObjName: "documentMLA", uploadFileObj: $f) { url } }', { id: A, f: { fileName: 'mla.pdf', uuid, mimeType: 'application/pdf' } });
  return uuid;
}


/** Mutation -> its answer when it changes nothing. */
export const MUTATION_ANSWERS: Record<string, AnswerRow> = {
  // --- application writers ---
  createOrUpdateProperty: {
    when: 'the value is the one stored',
    answer: { unchanged: { status: '200', message: 'unchanged' } },
    who: 'primary',
    call: {
      query: 'mutation($id: ID!, $p: PropertyParams!) { createOrUpdateProperty(applicationId: $id, params: $p) { status message version } }',
      variables: { id: A, p: { value: 'Fixture Pty Ltd', propertyFirst: 'companyDetails', propertySecond: 'companyName' } },
    },
  },
  requestTransition: {
    when: "the event's transition keeps the status (order verification's proceed at order verification)",
    answer: { unchanged: { status: '200', message: 'unchanged' } },
    who: 'primary',
    arrange: async (h) => { await serverSets(h, A, 'scoreboard.status', 'orderVerification'); },
    call: { query: 'mutation($id: ID!) { requestTransition(applicationId: $id, event: "proceed") { status message } }', variables: { id: A } },
  },
  updateDocusignStatus: {
    when: 'the quote signing is completed already and the journey is past it',
    answer: { unchanged: { status: '200', message: 'unchanged' } },
    who: 'primary',
    call: { query: 'mutation($id: ID!) { updateDocusignStatus(applicationId: $id, docusignStatus: "completed") { status message } }', variables: { id: A } },
  },
  reassignQuote: {
    when: 'the invited officer is the sender (every other accepted call hands the application over), at order verification where reassigning is open',
    answer: { refused: 'INVALID_VALUE' },
    who: 'primary',
    arrange: async (h) => { await serverSets(h, A, 'scoreboard.status', 'orderVerification'); },
    call: { query: 'mutation($u: UserInfoInput!) { reassignQuote(userInfo: $u) { status message } }', variables: { u: { firstName: 'Pat', lastName: 'Primary', email: FIXTURE.users.primary.email, phone: '0411222333' } } },
  },
  selectPrimaryApplicant: {
    when: 'the confirmed officer answers yes again with the details stored',
    answer: { unchanged: { status: '200', message: 'unchanged', primaryApplicant: { userId: FIXTURE.users.primary.id, confirmed: 'yes' } } },
    who: 'primary',
    call: {
      query: 'mutation($u: UserInfoInput!) { selectPrimaryApplicant(isCurrentUserPrimary: true, vehicleApplicationStatus: "yes", userInfo: $u) { status message primaryApplicant { userId confirmed } } }',
      variables: { u: { firstName: 'Primary', lastName: 'Tester', email: FIXTURE.users.primary.email, phone: ' ' } },
    },
  },
  selectSecondaryApplicant: {
    when: 'the officer named is the one stored (no second invitation is sent)',
    answer: { unchanged: { status: '200', message: 'unchanged', secondaryApplicant: { userId: FIXTURE.users.secondary.id } } },
    who: 'primary',
    call: {
      query: 'mutation($u: UserInfoInput!) { selectSecondaryApplicant(applicantType: "director", userInfo: $u) { status message secondaryApplicant { userId } } }',
      variables: { u: { firstName: 'Secondary', lastName: 'Tester', email: FIXTURE.users.secondary.email, phone: '0400000000' } },
    },
  },
  updateShortlists: {
    when: 'the list is the one saved on the application and the profile',
    answer: { unchanged: { success: true, message: 'unchanged', code: null } },
    who: 'calculator',
    call: { query: 'mutation($id: ID, $u: ID!, $s: JSON!) { updateShortlists(applicationId: $id, userId: $u, shortlists: $s) { success message code } }', variables: { id: B, u: FIXTURE.users.calculator.id, s: [] } },
  },
  // --- sign-in ---
  login: {
    when: 'the e-mail or password is wrong (no session is made)',
    answer: { same: { success: false, user: null }, because: 'sign-in answers failure as data with the catalogue text (spec 002 s7), never which part was wrong', text: 'auth.login.invalid' },
    who: 'anonymous',
    call: { query: 'mutation { login(email: "primary@fixture.test", password: "Wrong-Password-1") { success error user { id } } }' },
  },
  logout: {
    when: 'the request carries no session',
    answer: { unchanged: { success: true, message: 'unchanged' } },
    who: 'anonymous',
    call: { query: 'mutation { logout { success message } }' },
  },
  requestPasswordReset: {
    when: 'no account has the e-mail (no e-mail is queued)',
    answer: { same: { success: true }, because: 'known and unknown e-mails get the same answer, so the call does not disclose accounts (spec 002 s7)', text: 'auth.reset.requested' },
    who: 'anonymous',
    call: { query: 'mutation { requestPasswordReset(email: "nobody@fixture.test") { success message } }' },
  },
  resetPassword: {
    when: 'the token is not valid',
    answer: { same: { success: false }, because: 'the failure is answered as data: success false with every failed rule (spec 002 s7)' },
    who: 'anonymous',
    call: { query: 'mutation { resetPassword(email: "primary@fixture.test", hash: "not-a-token", password: "Abcdefg1") { success error errors } }' },
  },
  // --- CRM and leads ---
  updateQuoteStageName: {
    when: 'the opportunity is at that stage already',
    answer: { unchanged: { status: '200', message: 'unchanged' } },
    who: 'calculator',
    call: { query: 'mutation($id: ID!) { updateQuoteStageName(applicationId: $id, stageName: "Needs Analysis") { status message } }', variables: { id: B } },
  },
  startCreditApplication: {
    when: 'the customer is not eligible (the fixture company is not in the business registry): nothing is started',
    answer: { refused: 'FORBIDDEN' },
    who: 'calculator',
    call: { query: 'mutation($id: ID!) { startCreditApplication(applicationId: $id) { status } }', variables: { id: B } },
  },
  sendRequestCallback: {
    when: 'the request fails its form rules (no lead is made)',
    answer: { refused: 'INVALID_VALUE' },
    who: 'anonymous',
    call: { query: 'mutation { sendRequestCallback(payload: { firstName: "Al", lastName: "Caller", contactNumber: "x", email: "not-an-email" }) { status } }' },
  },
  saveCalculatorLeadDialler: {
    when: 'the enquiry fails its form rules (no lead is made)',
    answer: { refused: 'INVALID_VALUE' },
    who: 'anonymous',
    call: { query: 'mutation($e: CalcLeadDiallerInput!) { saveCalculatorLeadDialler(calcLeadDialler: $e) { leadId success } }', variables: { e: invalidEnquiry } },
  },
  saveCalculatorOnlineAccount: {
    when: 'the enquiry fails its form rules (no account, application or lead is made)',
    answer: { refused: 'INVALID_VALUE' },
    who: 'anonymous',
    call: { query: 'mutation($e: CalcLeadOppInput!) { saveCalculatorOnlineAccount(calcLeadOpp: $e) { status message } }', variables: { e: { ...invalidEnquiry, enquireType: 'register' } } },
  },
  // --- files ---
  getSignedUrl: {
    when: 'the type is not accepted (no upload slot is made)',
    answer: { refused: 'UNSUPPORTED_TYPE' },
    who: 'primary',
    call: { query: 'mutation($f: FileInput!) { getSignedUrl(file: $f, shouldUpload: false) { uuid } }', variables: { f: { fileName: 'tool.exe', mimeType: 'application/x-msdownload', size: 100, applicationId: A } } },
  },
  saveFile: {
    when: 'the uuid names no uploaded file of the caller',
    answer: { refused: 'NOT_FOUND' },
    who: 'primary',
    call: { query: 'mutation($f: FileInput!) { saveFile(file: $f) { uuid } }', variables: { f: { fileName: 'd.pdf', mimeType: 'application/pdf', uuid: FIXTURE.files.other } } },
  },
  getFileByUUID: {
    when: 'always: it answers a download link of a file the caller may read',
    answer: { reads: { uuid: FIXTURE.files.shared } },
    who: 'primary',
    call: { query: 'mutation($u: ID!) { getFileByUUID(uuid: $u) { uuid } }', variables: { u: FIXTURE.files.shared } },
  },
  // --- identity and credit ---
  idScanOutcome: {
    when: 'no scan was started for the officer (and, later, the outcome is already recorded: it only reads the provider again)',
    answer: { reads: { journeyId: null, outcome: 'none', failedChecks: [] } },
    who: 'primary',
    call: { query: 'mutation($id: ID!) { idScanOutcome(applicationId: $id) { journeyId outcome failedChecks } }', variables: { id: A } },
  },
  saveDrivingLicense: {
    when: 'a single file (the front and the back are both needed): refused, nothing attached',
    who: 'primary',
    answer: { refused: 'INVALID_VALUE' },
    call: { query: 'mutation($id: ID!, $p: [DrivingLicenseFileInput!]!) { saveDrivingLicense(applicationId: $id, params: $p) { status } }', variables: { id: A, p: [{ fileName: 'f.jpg', mimeType: 'image/jpeg', uuid: FIXTURE.files.shared, applicantType: 'primary' }] } },
  },
  submitCreditCheck: { when: 'the review cannot complete (no consent, identity pending): no submission, no bureau request', answer: { refused: 'GUARD_FAILED' }, who: 'primary', call: { query: 'mutation($id: ID!) { submitCreditCheck(payload: { applicationId: $id, testingValue: "accept" }) { status } }', variables: { id: A } } },
  // --- signing ---
  getQuoteDocusign: {
    when: 'the quote is signed already: the answer is the return page, told signing is complete',
    answer: { unchanged: { url: `http://au.localhost:8080/applications/${A}/quotesign?event=signing_complete`, message: 'unchanged' } },
    who: 'primary',
    call: { query: 'mutation($id: ID, $u: String!) { getQuoteDocusign(returnUrl: $u, applicationId: $id) { url message } }', variables: { id: A, u: `http://au.localhost:8080/applications/${A}/quotesign` } },
  },
  getEnvelope: {
    when: 'always for the status it answers; it records only a completion the provider reports',
    answer: { reads: { status: 'completed' } },
    who: 'primary',
    call: { query: 'mutation($id: ID) { getEnvelope(applicationId: $id) { status } }', variables: { id: A } },
  },
  getQuotePDF: {
    when: 'always: it answers a signed link to the quote PDF, generated when downloaded, and stores nothing',
    answer: { reads: { message: 'OK' } },
    who: 'primary',
    call: { query: 'mutation($id: ID) { getQuotePDF(applicationId: $id) { url message } }', variables: { id: A } },
  },
  getEnvelopeMLA: {
    when: 'always, unless the provider reports every signer (and witness) signed: then the server finishes the application (tests/integration/server/leaseSigning.test.ts)',
    answer: { reads: { status: { witnesses: [] } } },
    who: 'primary',
    call: { query: 'mutation($id: ID!) { getEnvelopeMLA(applicationId: $id) { status { signers { email } witnesses { roleName } } } }', variables: { id: A } },
  },
  getMLADocusign: {
    when: 'a return URL other than the application\'s quotesign-mla page (refused before anything else)',
    answer: { refused: 'INVALID_VALUE' },
    who: 'primary',
    call: { query: 'mutation($id: ID!) { getMLADocusign(applicationId: $id, isCurrentUserPrimary: true, returnUrl: "http://au.localhost:8080/x") { url } }', variables: { id: A } },
  },
  getWetSignatureUrl: {
    when: 'always it only reads (links to documents generated when downloaded); here the application is not approved for wet signing',
    answer: { refused: 'INVALID_TRANSITION' },
    who: 'primary',
    call: { query: 'mutation($id: ID!) { getWetSignatureUrl(applicationId: $id, wetSignatureObjName: "documentMLA") { files { url } } }', variables: { id: A } },
  },
  sendWetSignatureEmail: {
    when: 'the application is not approved for wet signing: nothing is queued',
    answer: { refused: 'INVALID_TRANSITION' },
    who: 'primary',
    call: { query: 'mutation($id: ID!) { sendWetSignatureEmail(applicationId: $id, wetSignatureObjName: "documentMLA", email: "x@fixture.test") { url } }', variables: { id: A } },
  },
  uploadWetSignature: {
    when: 'the file is attached to that document already',
    answer: { unchanged: { message: 'unchanged' } },
    who: 'primary',
    arrange: async (h) => ({ f: { fileName: 'mla.pdf', uuid: await attachedMla(h), mimeType: 'application/pdf' } }),
    call: { query: 'mutation($id: ID!, $f: UploadFileInput!) { uploadWetSignature(applicationId: $id, wetSignatureObjName: "documentMLA", uploadFileObj: $f) { url message } }', variables: { id: A } },
  },
  deleteWetSignature: {
    when: 'nothing is attached to that document',
    answer: { unchanged: { url: null, message: 'unchanged' } },
    who: 'primary',
    arrange: (h) => contractStep(h),
    call: { query: 'mutation($id: ID!) { deleteWetSignature(applicationId: $id, wetSignatureObjName: "documentMLA") { url message } }', variables: { id: A } },
  },
  submitWetSignature: {
    when: 'the signed documents are submitted already (the application is finished)',
    answer: { refused: 'ALREADY_SUBMITTED' },
    who: 'primary',
    arrange: async (h) => {
      await contractStep(h, { signType: 'wet', status: 'completed' });
      await serverSets(h, A, 'scoreboard.status', 'finished');
    },
    call: { query: 'mutation($id: ID!) { submitWetSignature(applicationId: $id, status: "completed") { url message } }', variables: { id: A } },
  },
};
