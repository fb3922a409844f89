/**
 * The ID scan through the ID-scan sandbox, over HTTP (issue 31 item 1, the server side of items 6 and 7):
 * initGBGIdScan starts a journey and answers its capture page; the page (plain HTML, the sample licences) captures and
 * reports the checks and details; idScanOutcome records the provider's outcome on the caller's applicant; the demo
 * controls choose the next outcome (and do not exist in production); a crafted client write never completes
 * identity; the other officer cannot read the scan data; no licence number reaches the server log.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../server/config';
import { sampleLicences, type IdScanProvider } from '../../../server/idScan';
import { createLogger } from '../../../server/log';
import { servicesFor } from '../../../server/services';
import { DATABASES, definitions, silent, startServer, useHarness } from './harness';

interface Officer {
  applicationId: string;
  email: string;
  cookie: string;
  host: string;
  origin: string;
}

const INIT = 'query($id: ID, $u: String) { initGBGIdScan(applicationId: $id, returnUrl: $u) { scanningToken investigationToken journeyDefinitionId journeyId captureUrl } }';
const OUTCOME = 'mutation($id: ID!) { idScanOutcome(applicationId: $id) { journeyId outcome failedChecks } }';
const WRITE = 'mutation($id: ID!, $p: PropertyParams!) { createOrUpdateProperty(applicationId: $id, params: $p) { status } }';
const READ = 'query($id: ID) { getVehicleApplication(applicationId: $id) { scoreboard { primaryApplicant { idScanData idScanResult { driversLicenceNumber } } secondaryApplicant { idScanData idScanResult { driversLicenceNumber } } } } }';
const SAMPLE_NUMBERS = sampleLicences().map((s) => s.details.licenseNumber);

describe.each(DATABASES)('ID-scan sandbox on %s', (kind) => {
  const s = useHarness(() => startServer(kind, { log: createLogger('debug', {}, (line) => logLines.push(line)) }));
  const logLines: string[] = [];

  /** A fresh signed-in officer at the ID check: a primary at approvals, or a secondary (statusSecondary approvals) and its primary. */
  async function fresh(role: 'primary' | 'secondary' = 'primary', region = 'au'): Promise<Officer & { primary?: Officer }> {
    const status = role === 'primary' ? 'approvals' : 'reviewAndSignContract';
    const r = await s.request('/dev/applications', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ region, role, status, set: role === 'secondary' ? { 'scoreboard.statusSecondary': 'approvals' } : {} }) });
    expect(r.status).toBe(201);
    const a = (await r.json()) as { email: string; password: string; applicationId: string; host: string; origin: string };
    const officer = { applicationId: a.applicationId, email: a.email, cookie: await s.login(a.email, a.password, a.host), host: a.host, origin: a.origin };
    if (role === 'primary') return officer;
    const app = await s.database.db.selectFrom('applications').innerJoin('users', 'users.id', 'applications.primary_user_id').select('users.email').where('applications.id', '=', a.applicationId).executeTakeFirstOrThrow();
    return { ...officer, primary: { ...officer, email: app.email, cookie: await s.login(app.email, a.password, a.host) } };
  }
  const gql = (o: Officer, query: string, variables: Record<string, unknown> = {}) => s.gql(query, { id: o.applicationId, ...variables }, { cookie: o.cookie, host: o.host });
  const codeOf = (r: { body: { errors?: { extensions?: { code?: string } }[] } }) => r.body.errors?.[0]?.extensions?.code ?? 'ok';
  const record = async (o: Officer) => (await s.database.db.selectFrom('applications').select('record').where('id', '=', o.applicationId).executeTakeFirstOrThrow()).record as { scoreboard: Record<string, Record<string, unknown>> };
  const returnUrlOf = (o: Officer) => `${o.origin}/applications/${o.applicationId}/approvals`;
  async function start(o: Officer) {
    const r = await gql(o, INIT, { u: returnUrlOf(o) });
    expect(r.body.errors).toBeUndefined();
    return r.body.data?.initGBGIdScan as { journeyId: string; captureUrl: string; scanningToken: string };
  }
  const page = (url: string, o: Officer) => s.request(new URL(url).pathname, { host: o.host });
  const capture = (url: string, o: Officer, body: string) =>
    s.request(new URL(url).pathname, { method: 'POST', host: o.host, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body, redirect: 'manual' });
  const control = (body: unknown) => s.request('/dev/idscan', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const outcome = async (o: Officer) => (await gql(o, OUTCOME)).body.data?.idScanOutcome as { journeyId: string | null; outcome: string; failedChecks: string[] };
  /** 'Your Details' confirmed (001 s5 'ID form': every required field, an AU card matching its state). */
  const idForm = (licence: string, card = '2083920417') => ({
    firstName: 'Alex', lastName: 'Sampleford', dob: '17/04/1988', dateOfBirth: '1988-04-17', currentAddress: '1 George Street, Sydney NSW 2000',
    driversLicenceNumber: licence, driversLicenceExpiry: '30/09/2031', driversLicenceState: 'NSW', driversCardNumber: card, confirmed: 'yes',
  });
  const confirmDetails = (o: Officer, officer: string, licence: string, card?: string) => gql(o, WRITE, { p: { propertyFirst: officer, idScanResult: idForm(licence, card) } });
  const SAVE_LICENCE = 'mutation($id: ID!, $p: [DrivingLicenseFileInput!]!) { saveDrivingLicense(applicationId: $id, params: $p) { status } }';
  const BY_UUID = 'mutation($u: ID!) { getFileByUUID(uuid: $u) { uuid signedUrl } }';
  const userIdOf = async (o: Officer) => (await s.database.db.selectFrom('users').select('id').where('email', '=', o.email.toLowerCase()).executeTakeFirstOrThrow()).id;
  /** Two licence images as an upload through getSignedUrl to the officer's slot leaves them (status uploaded). */
  async function licenceFiles(o: Officer, officer: string): Promise<{ uuid: string; fileName: string; mimeType: string }[]> {
    const owner = await userIdOf(o);
    const files = ['front', 'back'].map((side) => ({ uuid: crypto.randomUUID(), fileName: `${side}.png`, mimeType: 'image/png' }));
    await s.database.db.insertInto('files').values(files.map((f) => ({ id: f.uuid, storage_key: `fixture/${f.uuid}`, file_name: f.fileName, mime_type: f.mimeType, size_bytes: 10, status: 'uploaded', owner_user_id: owner, application_id: o.applicationId, slot: `scoreboard.${officer}.idScanData.fileUrls` }))).execute();
    return files;
  }
  const saveLicence = (o: Officer, files: { uuid: string; fileName: string; mimeType: string }[], applicantType: string) =>
    gql(o, SAVE_LICENCE, { p: files.map((f) => ({ ...f, applicantType })) });
  const completeIdentity = (o: Officer, officer: string) => gql(o, WRITE, { p: { propertyFirst: officer, propertySecond: 'identityVerificationStatus', value: 'completed' } });

  it('scans a sample licence: capture page, checks and details reported, the outcome recorded from the provider, identity completes', async () => {
    const o = await fresh();
    const started = await start(o);
    expect(started.captureUrl).toMatch(new RegExp(`^${o.origin}/sandbox/idscan/${started.journeyId}/[A-Za-z0-9_-]{43}$`));
    expect(started.scanningToken).toBeTruthy();
    expect((await record(o)).scoreboard.primaryApplicant.idScanData).toMatchObject({ idScan: { journeyId: started.journeyId, outcome: 'pending', errorCount: 0 } });
    expect(await outcome(o)).toEqual({ journeyId: started.journeyId, outcome: 'pending', failedChecks: [] });

    const form = await page(started.captureUrl, o);
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toContain('<form method="post">');
    expect(html).not.toContain('<script');
    for (const sample of sampleLicences()) expect(html).toContain(`src="/sandbox/idscan/samples/${sample.image}"`);
    const image = await s.request(`/sandbox/idscan/samples/${sampleLicences()[0].image}`);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
    expect(await image.text()).toContain('SPECIMEN - NOT A REAL LICENCE');

    const posted = await capture(started.captureUrl, o, 'sample=au-nsw');
    expect([posted.status, posted.headers.get('location')]).toEqual([303, new URL(started.captureUrl).pathname]);
    const report = await (await page(started.captureUrl, o)).text();
    expect(report).toContain('data-outcome="passed"');
    for (const check of ['blurCheck', 'fullDocumentInViewCheck', 'lowResolutionCheck']) expect(report).toContain(`data-check="${check}">Good<`);
    expect(report).toContain('data-detail="licenseNumber">FFX7302914<');
    expect(report).toContain(`href="${returnUrlOf(o)}?event=passed"`);
    // The journey is decided: another capture changes nothing.
    await capture(started.captureUrl, o, 'action=skip');
    expect(await (await page(started.captureUrl, o)).text()).toContain('data-outcome="passed"');

    // Before the portal reads the provider, the details confirmed do not complete identity.
    expect(codeOf(await confirmDetails(o, 'primaryApplicant', 'FFX7302914'))).toBe('ok');
    expect(codeOf(await completeIdentity(o, 'primaryApplicant'))).toBe('GUARD_FAILED');
    expect(await outcome(o)).toEqual({ journeyId: started.journeyId, outcome: 'passed', failedChecks: [] });
    const data = (await record(o)).scoreboard.primaryApplicant.idScanData as Record<string, unknown>;
    expect(data).toMatchObject({
      idScan: { journeyId: started.journeyId, outcome: 'passed', errorCount: 0, checks: { blurCheck: 'Good', fullDocumentInViewCheck: 'Good', lowResolutionCheck: 'Good' } },
      names: { firstName: 'Alex', middleName: 'Quinn', lastName: 'Sampleford' },
      dateOfBirth: '1988-04-17',
      licenseNumber: 'FFX7302914',
      cardNumber: '2083920417',
      licenseIssuedState: 'NSW',
      licenseExpiry: '2031-09-30',
    });
    // Asking again records nothing new.
    const version = (await s.database.db.selectFrom('applications').select('version').where('id', '=', o.applicationId).executeTakeFirstOrThrow()).version;
    expect((await outcome(o)).outcome).toBe('passed');
    expect((await s.database.db.selectFrom('applications').select('version').where('id', '=', o.applicationId).executeTakeFirstOrThrow()).version).toBe(version);
    expect(codeOf(await completeIdentity(o, 'primaryApplicant'))).toBe('ok');
    expect((await record(o)).scoreboard.primaryApplicant.identityVerificationStatus).toBe('completed');
    // Identity done: no new journey can be recorded over it.
    expect(codeOf(await gql(o, INIT, { u: returnUrlOf(o) }))).toBe('FORBIDDEN_PATH');
  });

  it('refuses a crafted client write: the form plus a licence number, or a scan outcome written by the client, never completes identity', async () => {
    const o = await fresh();
    expect(codeOf(await confirmDetails(o, 'primaryApplicant', 'FFP5820374'))).toBe('ok');
    expect(codeOf(await completeIdentity(o, 'primaryApplicant'))).toBe('GUARD_FAILED');
    // The provider's paths are not the client's, by any shape of write.
    const writes = [
      { propertyFirst: 'primaryApplicant', propertySecond: 'idScanData', idScanData: { idScan: { outcome: 'passed' } } },
      { propertyFirst: 'primaryApplicant', propertySecond: 'idScanData', propertyThird: 'idScan', value: { outcome: 'passed', journeyId: 'x' } },
      { propertyFirst: 'primaryApplicant', propertySecond: 'idScanData', propertyThird: 'idScan.outcome', value: 'passed' },
      { propertyFirst: 'primaryApplicant', propertySecond: 'idScanData', propertyThird: 'licenseNumber', value: 'FFP5820374' },
      { propertyFirst: 'primaryApplicant', propertySecond: 'idScanData', propertyThird: 'fileUrls', value: [{ uuid: 'a' }, { uuid: 'b' }] },
    ];
    for (const p of writes) expect(codeOf(await gql(o, WRITE, { p }))).toBe('FORBIDDEN_PATH');
    // The page's own counts stay the client's: errorCount after a failure, then still no completion without images.
    expect(codeOf(await gql(o, WRITE, { p: { propertyFirst: 'primaryApplicant', propertySecond: 'idScanData', propertyThird: 'idScan.errorCount', value: 1 } }))).toBe('ok');
    expect(codeOf(await completeIdentity(o, 'primaryApplicant'))).toBe('GUARD_FAILED');
    // A journey started but not captured: still pending, still refused.
    await start(o);
    expect((await outcome(o)).outcome).toBe('pending');
    expect(codeOf(await completeIdentity(o, 'primaryApplicant'))).toBe('GUARD_FAILED');
    expect((await record(o)).scoreboard.primaryApplicant.identityVerificationStatus).toBe('pending');
  });

  it('completes identity the manual way only after a failure the provider recorded, with both images attached by saveDrivingLicense', async () => {
    const o = await fresh();
    const files = await licenceFiles(o, 'primaryApplicant');
    // saveDrivingLicense: the caller's own licence, two files of theirs.
    expect(codeOf(await saveLicence(o, files, 'secondary'))).toBe('FORBIDDEN');
    expect(codeOf(await saveLicence(o, files.slice(0, 1), 'primary'))).toBe('INVALID_VALUE');
    expect(codeOf(await saveLicence(o, [files[0], { ...files[1], uuid: crypto.randomUUID() }], 'primary'))).toBe('NOT_FOUND');
    expect((await saveLicence(o, files, 'primary')).body.data?.saveDrivingLicense).toEqual({ status: '200' });
    expect((await record(o)).scoreboard.primaryApplicant.idScanData).toMatchObject({ fileUrls: [{ uuid: files[0].uuid, side: 'front' }, { uuid: files[1].uuid, side: 'back' }] });
    // A crafted path: the client's errorCount and skip, both images, the form confirmed, and no provider outcome: refused.
    for (const [third, value] of [['idScan.errorCount', 1], ['idScan.skipped', true]] as const) {
      expect(codeOf(await gql(o, WRITE, { p: { propertyFirst: 'primaryApplicant', propertySecond: 'idScanData', propertyThird: third, value } }))).toBe('ok');
    }
    expect(codeOf(await confirmDetails(o, 'primaryApplicant', 'FFP5820374'))).toBe('ok');
    expect(codeOf(await completeIdentity(o, 'primaryApplicant'))).toBe('GUARD_FAILED');
    // The provider's failure recorded: now the manual way completes.
    expect((await control({ outcome: 'failed', email: o.email })).status).toBe(200);
    const j = await start(o);
    await capture(j.captureUrl, o, 'sample=au-nsw');
    expect((await outcome(o)).outcome).toBe('failed');
    expect(codeOf(await completeIdentity(o, 'primaryApplicant'))).toBe('ok');
    expect(codeOf(await saveLicence(o, files, 'primary'))).toBe('ALREADY_SUBMITTED');
  });

  it("refuses 'Your Details' confirmed incomplete or with a card number not matching the licence state (001 s5)", async () => {
    const o = await fresh();
    const refused = await confirmDetails(o, 'primaryApplicant', 'FFP5820374', 'AB12');
    expect(codeOf(refused)).toBe('STEP_INCOMPLETE');
    expect((refused.body.errors?.[0]?.extensions as { messageKey?: string }).messageKey).toBe('api.completion.idLicence');
    const { dateOfBirth: _dob, ...noDob } = idForm('FFP5820374');
    expect(codeOf(await gql(o, WRITE, { p: { propertyFirst: 'primaryApplicant', idScanResult: noDob } }))).toBe('STEP_INCOMPLETE');
    // Spaces are the screen's to strip; stored upper-case state and bare card pass.
    expect(codeOf(await confirmDetails(o, 'primaryApplicant', 'FFP5820374', '2083920417'))).toBe('ok');
  });

  it("keeps licence images to their own officer: the other officer cannot read them; each read is an audit row", async () => {
    const secondary = await fresh('secondary');
    const primary = secondary.primary!;
    const files = await licenceFiles(secondary, 'secondaryApplicant');
    expect((await saveLicence(secondary, files, 'secondary')).body.data?.saveDrivingLicense).toEqual({ status: '200' });
    expect(codeOf(await gql(primary, BY_UUID, { u: files[0].uuid }))).toBe('NOT_FOUND');
    const own = await gql(secondary, BY_UUID, { u: files[0].uuid });
    expect(codeOf(own)).toBe('ok');
    expect((own.body.data?.getFileByUUID as { signedUrl: string }).signedUrl).toBeTruthy();
    const reads = await s.database.db.selectFrom('audit_log').select(['action', 'path', 'to_value']).where('application_id', '=', secondary.applicationId).where('action', '=', 'read:licenceImage').execute();
    expect(reads).toEqual([{ action: 'read:licenceImage', path: 'scoreboard.secondaryApplicant.idScanData.fileUrls', to_value: null }]);
    // Reading one's own ID details is an audit row too.
    await gql(secondary, READ);
    expect((await s.database.db.selectFrom('audit_log').select('path').where('application_id', '=', secondary.applicationId).where('action', '=', 'read:idDetails').execute()).map((r) => r.path)).toContain('scoreboard.secondaryApplicant');
  });

  it('takes the next outcome from the demo controls: failed, one failed check, skipped; per person or anyone', async () => {
    const o = await fresh();
    const other = await fresh();
    const checksOf = async () => ((await record(o)).scoreboard.primaryApplicant.idScanData as { idScan: Record<string, unknown> }).idScan;

    expect((await control({ outcome: 'failed', email: o.email })).status).toBe(200);
    // Another person's capture is not theirs to take.
    const theirs = await start(other);
    await capture(theirs.captureUrl, other, 'sample=au-vic');
    expect((await outcome(other)).outcome).toBe('passed');

    let j = await start(o);
    await capture(j.captureUrl, o, 'sample=au-vic');
    const failedPage = await (await page(j.captureUrl, o)).text();
    expect(failedPage).toContain('data-outcome="failed"');
    expect(failedPage).toContain(`href="${returnUrlOf(o)}?event=failed"`);
    expect(await outcome(o)).toEqual({ journeyId: j.journeyId, outcome: 'failed', failedChecks: ['blurCheck', 'fullDocumentInViewCheck', 'lowResolutionCheck'] });
    expect(await checksOf()).toMatchObject({ outcome: 'failed', checks: { blurCheck: 'Bad', fullDocumentInViewCheck: 'Bad', lowResolutionCheck: 'Bad' } });
    // A failed capture records no details.
    expect((await record(o)).scoreboard.primaryApplicant.idScanData).not.toHaveProperty('licenseNumber');

    // One failed check, for anyone's next capture (this one's); the control is used up by it.
    expect((await control({ outcome: 'lowResolutionCheck' })).status).toBe(200);
    expect(await (await s.request('/dev/idscan')).json()).toEqual({ next: [{ key: '*', outcome: 'lowResolutionCheck' }] });
    j = await start(o);
    await capture(j.captureUrl, o, 'sample=au-nsw');
    expect(await outcome(o)).toEqual({ journeyId: j.journeyId, outcome: 'failed', failedChecks: ['lowResolutionCheck'] });
    expect(await (await s.request('/dev/idscan')).json()).toEqual({ next: [] });

    expect((await control({ outcome: 'skipped', email: o.email.toUpperCase() })).status).toBe(200);
    j = await start(o);
    await capture(j.captureUrl, o, 'sample=au-nsw');
    expect(await outcome(o)).toEqual({ journeyId: j.journeyId, outcome: 'skipped', failedChecks: [] });
    expect(await checksOf()).not.toHaveProperty('checks');
    // The page's Skip is a skip too; and with no control a sample passes.
    j = await start(o);
    await capture(j.captureUrl, o, 'action=skip');
    expect((await outcome(o)).outcome).toBe('skipped');
    j = await start(o);
    await capture(j.captureUrl, o, 'sample=nz');
    expect((await outcome(o)).outcome).toBe('passed');
    expect((await record(o)).scoreboard.primaryApplicant.idScanData).toMatchObject({ licenseNumber: 'FZ731942', version: '417' });

    // The control's body is checked; the journey control answers a journey.
    for (const body of [{ outcome: 'approved' }, { outcome: 'passed', email: 'not an e-mail' }, {}]) expect((await control(body)).status).toBe(400);
    const described = (await (await s.request(`/dev/idscan/${j.journeyId}`)).json()) as Record<string, unknown>;
    expect(described).toMatchObject({ journeyId: j.journeyId, status: 'passed', captureUrl: j.captureUrl });
    expect((await s.request('/dev/idscan/00000000-0000-0000-0000-000000000000')).status).toBe(404);
  });

  it('serves a capture page only to its link: a forged token or a bad form is refused', async () => {
    const o = await fresh();
    const j = await start(o);
    const forged = j.captureUrl.replace(/\/[A-Za-z0-9_-]{43}$/, `/${'A'.repeat(43)}`);
    expect((await page(forged, o)).status).toBe(404);
    expect((await capture(forged, o, 'sample=au-nsw')).status).toBe(404);
    expect((await capture(j.captureUrl, o, 'sample=nothing')).status).toBe(400);
    expect((await s.request('/sandbox/idscan/samples/other.svg')).status).toBe(404);
    expect((await outcome(o)).outcome).toBe('pending');
  });

  it('keeps scan data to its own officer: the secondary scans, the primary reads none of it and cannot record it', async () => {
    const secondary = await fresh('secondary');
    const primary = secondary.primary!;
    const j = await start(secondary);
    await capture(j.captureUrl, secondary, 'sample=au-vic');
    expect((await outcome(secondary)).outcome).toBe('passed');
    expect(codeOf(await confirmDetails(secondary, 'secondaryApplicant', 'FFV4418207'))).toBe('ok');
    const own = (await gql(secondary, READ)).body.data?.getVehicleApplication as { scoreboard: Record<string, { idScanData: Record<string, unknown> | null; idScanResult: unknown }> };
    expect(own.scoreboard.secondaryApplicant.idScanData).toMatchObject({ licenseNumber: 'FFV4418207', idScan: { outcome: 'passed' } });
    const theirs = (await gql(primary, READ)).body.data?.getVehicleApplication as typeof own;
    expect(theirs.scoreboard.secondaryApplicant).toEqual({ idScanData: null, idScanResult: null });
    expect(JSON.stringify(theirs)).not.toContain('FFV4418207');
    // The primary's idScanOutcome reads the primary's own journey (none), never the secondary's.
    expect(await outcome(primary)).toEqual({ journeyId: null, outcome: 'none', failedChecks: [] });
    // The secondary's identity completes on their own provider outcome; the secondary step moves on.
    expect(codeOf(await completeIdentity(secondary, 'secondaryApplicant'))).toBe('ok');
    expect((await record(secondary)).scoreboard.secondaryApplicant.identityVerificationStatus).toBe('completed');
  });

  it('chooses the provider by IDSCAN_PROVIDER: the sandbox by default, a registered adapter by name, an unknown name stops the start', () => {
    expect(s.services.idScan.name).toBe('sandbox');
    const withProvider = (name: string, registered = {}) => servicesFor({ ...s.config, idScanProvider: name }, s.database, definitions(), silent, { idScanProviders: registered });
    const adapter: IdScanProvider = { name: 'acme-scan', startJourney: () => Promise.reject(new Error('not here')), journey: () => Promise.resolve(null) };
    expect(withProvider('acme-scan', { 'acme-scan': () => adapter }).idScan).toBe(adapter);
    expect(withProvider('sandbox', { 'acme-scan': () => adapter }).idScan.name).toBe('sandbox');
    expect(() => withProvider('acme-scan')).toThrow(ConfigError);
    expect(() => withProvider('acme-scan')).toThrow(/known: sandbox/);
  });

  it('writes no licence number or ID detail to the server log', () => {
    expect(logLines.length).toBeGreaterThan(0);
    const log = logLines.join('\n');
    for (const secret of [...SAMPLE_NUMBERS, 'FFP5820374', '2083920417', 'Sampleford', '1988-04-17']) expect(log).not.toContain(secret);
  });
});

describe('ID-scan sandbox controls in production', () => {
  const s = useHarness(() => startServer('pglite', { config: { production: true, demo: true } }));

  it('are not served (404), even with DEMO on', async () => {
    const post = await s.request('/dev/idscan', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ outcome: 'passed' }) });
    expect(post.status).toBe(404);
    expect((await s.request('/dev/idscan')).status).toBe(404);
    const started = await s.services.idScan.startJourney({ subject: 'x:primaryApplicant', email: 'pat@example.com', returnUrl: 'https://au.example/applications/x/approvals' });
    expect((await s.request(`/dev/idscan/${started.journeyId}`)).status).toBe(404);
    expect(await s.database.db.selectFrom('idscan_sandbox_controls').selectAll().execute()).toEqual([]);
  });
});
