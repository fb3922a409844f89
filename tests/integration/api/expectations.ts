/**
 * The authorisation matrix's expectations, written out by hand from the spec and the flows (not derived
 * from the code under test). Each cell: 'ok' (answers data, no error) or the error code expected.
 * Columns per caller: [own application, someone else's application]. Fixture (see fixture.ts): every
 * application is in status businessDetails; `shared` belongs to primary + secondary, `calculator` to the
 * calculator customer (wet signature, no primary applicant yet), `other` to the other applicant.
 */
export type Cell = 'ok' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'FORBIDDEN_PATH' | 'TRANSITION_NOT_ALLOWED' | 'INVALID_TRANSITION' | 'GUARD_FAILED' | 'CAPABILITY_UNAVAILABLE' | 'NOT_FOUND' | 'INVALID_VALUE';
/** [own, others] per caller. */
export type Row = Record<'anonymous' | 'primary' | 'secondary' | 'calculator' | 'other', [Cell, Cell]>;

const U = 'UNAUTHENTICATED';
const F = 'FORBIDDEN';
const FP = 'FORBIDDEN_PATH';
const NF = 'NOT_FOUND';
const IT = 'INVALID_TRANSITION';

/** Anyone, no application involved. */
const open: Row = { anonymous: ['ok', 'ok'], primary: ['ok', 'ok'], secondary: ['ok', 'ok'], calculator: ['ok', 'ok'], other: ['ok', 'ok'] };
/** Any signed-in user, no application involved. */
const signedIn: Row = { anonymous: [U, U], primary: ['ok', 'ok'], secondary: ['ok', 'ok'], calculator: ['ok', 'ok'], other: ['ok', 'ok'] };
/** Members read their own application only. */
const memberRead: Row = { anonymous: [U, U], primary: ['ok', F], secondary: ['ok', F], calculator: ['ok', F], other: ['ok', F] };
/**
 * Writes the primary officer makes in businessDetails: the secondary officer may not (the step gives that
 * role no such path), the calculator customer counts as primary (no primary applicant yet).
 */
const primaryWrite: Row = { anonymous: [U, U], primary: ['ok', F], secondary: [FP, F], calculator: ['ok', F], other: ['ok', F] };

/** Operation -> expected outcome per caller and column. */
export const EXPECTED: Record<string, Row> = {
  getVehicleApplication: memberRead,
  createOrUpdateProperty: primaryWrite,
  // Any member may ask (the flows decide what is granted: requestTransition in journeys.test.ts); nobody else.
  requestTransition: { anonymous: [U, U], primary: ['INVALID_TRANSITION', F], secondary: ['INVALID_TRANSITION', F], calculator: ['INVALID_TRANSITION', F], other: ['INVALID_TRANSITION', F] },
  // Signing status: shared/other already store 'completed' (a repeat is accepted unchanged); the calculator
  // application signs wet, so its primary completes it; the secondary holds no role in quote signing.
  updateDocusignStatus: { anonymous: [U, U], primary: ['ok', F], secondary: ['TRANSITION_NOT_ALLOWED', F], calculator: ['ok', F], other: ['ok', F] },
  // Order verification's alone (flows/primary.yaml: the officer's userId via reassignQuote): every fixture
  // application is past it, or (calculator) has no such step; the hand-over itself: reassign.test.ts.
  reassignQuote: { anonymous: [U, U], primary: [FP, F], secondary: [FP, F], calculator: [FP, F], other: [FP, F] },
  selectPrimaryApplicant: primaryWrite,
  // Authorised Officer (2) only where it is offered (001 s4: the officer confirmed and more than one officer): the
  // primary fixture's application is such a business; the calculator's and the other's are not (refused by state).
  selectSecondaryApplicant: { ...primaryWrite, calculator: [FP, F], other: [FP, F] },
  // The shortlist lives on calculator applications only.
  updateShortlists: { anonymous: [U, U], primary: [FP, F], secondary: [FP, F], calculator: ['ok', F], other: [FP, F] },
  user: memberRead,
  // The session's idle clock: null for an anonymous caller, the signed-in user's own otherwise (server/auth/sessionIdle.ts).
  sessionIdle: open,
  getOrgProfilesByDomain: open,
  industries: signedIn,
  subDivisions: signedIn,
  subGroups: signedIn,
  // Public calculator calls (spec 002 s6: anonymous visitors search, look businesses up and enquire).
  getBusinessInfo: open,
  // Address autocomplete: signed-in users only (spec 001 s5: the entity and ID forms).
  addressSuggestions: signedIn,
  addressDetails: signedIn,
  session: open,
  login: open,
  logout: open,
  requestPasswordReset: open,
  resetPassword: open,
  getSignedUrl: memberRead,
  saveFile: memberRead,
  // Someone else's file is answered as not found (its existence is not disclosed).
  getFileByUUID: { anonymous: [U, U], primary: ['ok', NF], secondary: ['ok', NF], calculator: ['ok', NF], other: ['ok', NF] },
  // Quote signing: shared/other are signed already (the answer sends the return page on); the calculator
  // application signs wet, so it has no envelope. Any member reads the envelope's status.
  getQuoteDocusign: { anonymous: [U, U], primary: ['ok', F], secondary: ['ok', F], calculator: [IT, F], other: ['ok', F] },
  getEnvelope: memberRead,
  // A signed link to the quote PDF, for any member.
  getQuotePDF: memberRead,
  // The lease envelope's statuses, for any member; its signing page needs the application's own quotesign-mla return
  // URL first (the matrix's is another: INVALID_VALUE), then the caller's seat and turn (tests/integration/server/leaseSigning.test.ts).
  getEnvelopeMLA: memberRead,
  getMLADocusign: { anonymous: [U, U], primary: ['INVALID_VALUE', F], secondary: ['INVALID_VALUE', F], calculator: ['INVALID_VALUE', F], other: ['INVALID_VALUE', F] },
  // The lease documents: the primary officer of an approved wet-signature application only (the fixture's are not:
  // INVALID_TRANSITION); an Authorised Officer (2) is FORBIDDEN.
  getWetSignatureUrl: { anonymous: [U, U], primary: [IT, F], secondary: [F, F], calculator: [IT, F], other: [IT, F] },
  sendWetSignatureEmail: { anonymous: [U, U], primary: [IT, F], secondary: [F, F], calculator: [IT, F], other: [IT, F] },
  // Signed-document uploads belong to the contract step (reviewAndSignContract); the fixture is in businessDetails.
  uploadWetSignature: { anonymous: [U, U], primary: [FP, F], secondary: [FP, F], calculator: [FP, F], other: [FP, F] },
  deleteWetSignature: { anonymous: [U, U], primary: [FP, F], secondary: [FP, F], calculator: [FP, F], other: [FP, F] },
  // Submitting moves the status to finished: the flow has no such transition from businessDetails.
  submitWetSignature: { anonymous: [U, U], primary: [IT, F], secondary: [IT, F], calculator: [IT, F], other: [IT, F] },
  // The ID check is open in approvals only (each officer's own step: the fixture's secondary is at statusSecondary
  // approvals, everyone else at businessDetails), so a journey can be recorded for the secondary alone.
  initGBGIdScan: { anonymous: [U, U], primary: [FP, F], secondary: ['ok', F], calculator: [FP, F], other: [FP, F] },
  // Reads the caller's own journey from the provider (none yet: nothing to record).
  idScanOutcome: memberRead,
  // A member's own application: the call is checked (one file is not a front and a back: INVALID_VALUE); others' refused.
  saveDrivingLicense: { anonymous: [U, U], primary: ['INVALID_VALUE', F], secondary: ['INVALID_VALUE', F], calculator: ['INVALID_VALUE', F], other: ['INVALID_VALUE', F] },
  // The review's guard (consent, identity) does not hold in businessDetails; the secondary officer has no review.
  submitCreditCheck: { anonymous: [U, U], primary: ['GUARD_FAILED', F], secondary: ['TRANSITION_NOT_ALLOWED', F], calculator: ['GUARD_FAILED', F], other: ['GUARD_FAILED', F] },
  // No submission yet: the answer says none.
  creditCheck: memberRead,
  // The calculator customer's opportunity only, and only the dashboard's move (the fixture's 'Deal Mobilising' is the
  // start's own move); anyone else's application, or an application of another type: FORBIDDEN.
  updateQuoteStageName: { anonymous: [U, U], primary: [F, F], secondary: [F, F], calculator: [IT, F], other: [F, F] },
  // The fixture's calculator company is not in the registry: not eligible, refused (spec 002 s4).
  startCreditApplication: { anonymous: [U, U], primary: [F, F], secondary: [F, F], calculator: [F, F], other: [F, F] },
  fetchRatebook: open,
  fetchCacheMakeModel: open,
  getSalesforceAccountByUser: signedIn,
  getSalesforceOpportunityByUser: signedIn,
  creditApplicationEligibility: signedIn,
  sendRequestCallback: open,
  saveCalculatorLeadDialler: open,
  saveCalculatorOnlineAccount: open,
};

/** Operations whose allowed cells change the application: the fixture is reset before each of their cells. */
export const MUTATING = new Set(['createOrUpdateProperty', 'requestTransition', 'idScanOutcome', 'initGBGIdScan', 'updateDocusignStatus', 'reassignQuote', 'selectPrimaryApplicant', 'selectSecondaryApplicant', 'updateShortlists', 'logout', 'saveFile', 'getSignedUrl', 'uploadWetSignature', 'deleteWetSignature', 'submitWetSignature']);
