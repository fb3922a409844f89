/** Files: signed PUT/GET URLs, uploads stored only when wholly their type, limits from the definitions, keys never from client names. */
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadRulesOf } from '../../../server/files';
import { concat, makeGif, makeJavaScriptPdf, makeJpeg, makePdf, makePng, makePngBomb, withJpegSize } from '../../unit/files/sampleFiles';
import { DATABASES, startServer, useHarness } from './harness';

const SIGNED = `mutation($f: FileInput!){ getSignedUrl(file:$f, shouldUpload:false){ uuid signedUrl fileName mimeType } }`;
const BY_UUID = `mutation($u: ID!){ getFileByUUID(uuid:$u){ uuid signedUrl fileName mimeType } }`;
const SAVE = `mutation($f: FileInput!){ saveFile(file:$f){ uuid signedUrl fileName mimeType } }`;
const FINANCIALS = 'scoreboard.businessDetails.financeDetails.fileUrls';

type Signed = { uuid: string; signedUrl: string; fileName: string; mimeType: string };

describe.each(DATABASES)('files on %s', (kind) => {
  const s = useHarness(() => startServer(kind));
  let owner: string;
  let stranger: string;
  let applicant: string;
  let appId: string;
  let PDF: Uint8Array;
  const PNG = makePng();
  beforeAll(async () => {
    owner = await s.login('primary.sign-wet.au@demo.example');
    stranger = await s.login('primary.finished.au@demo.example');
    applicant = await s.login('primary.businessdetails.au@demo.example');
    const user = await s.database.db.selectFrom('users').select('id').where('email', '=', 'primary.businessdetails.au@demo.example').executeTakeFirstOrThrow();
    appId = (await s.database.db.selectFrom('applications').select('id').where('primary_user_id', '=', user.id).executeTakeFirstOrThrow()).id;
    PDF = await makePdf();
  }, 60_000);

  const slot = async (fileName: string, mimeType: string, cookie = owner) => {
    const r = await s.gql(SIGNED, { f: { fileName, mimeType } }, { cookie });
    return r.body.data?.getSignedUrl as Signed;
  };
  const put = (url: string, body: Uint8Array, type = 'application/pdf') => {
    const u = new URL(url);
    return s.request(`${u.pathname}${u.search}`, { method: 'PUT', headers: { 'content-type': type }, body: body as Uint8Array<ArrayBuffer> });
  };
  const statusOf = async (uuid: string) => (await s.database.db.selectFrom('files').select('status').where('id', '=', uuid).executeTakeFirstOrThrow()).status;

  it('refuses anonymous callers', async () => {
    const r = await s.gql(SIGNED, { f: { fileName: 'a.pdf', mimeType: 'application/pdf' } });
    expect(r.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('uploads by signed PUT and downloads by signed GET; the key ignores the client name', async () => {
    const f = await slot('../../etc/passwd.pdf', 'application/pdf');
    expect(f.fileName).toBe('passwd.pdf');
    expect(f.signedUrl).not.toContain('passwd');
    expect(f.signedUrl).toMatch(/\/files\/\d{4}\/\d{2}\/[0-9a-f]{32}\?exp=\d+&sig=/);
    expect((await put(f.signedUrl, PDF)).status).toBe(200);
    expect((await put(f.signedUrl, PDF)).status).toBe(409);
    const got = (await s.gql(BY_UUID, { u: f.uuid }, { cookie: owner })).body.data?.getFileByUUID as Signed;
    const u = new URL(got.signedUrl);
    const res = await s.request(`${u.pathname}${u.search}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
  });

  it('checks the type by content, not by name or header', async () => {
    const f = await slot('scan.pdf', 'application/pdf');
    expect((await put(f.signedUrl, PNG, 'application/pdf')).status).toBe(415);
    expect(await statusOf(f.uuid)).toBe('refused');
    const exe = await s.gql(SIGNED, { f: { fileName: 'x.exe', mimeType: 'application/x-msdownload' } }, { cookie: owner });
    expect(exe.body.errors?.[0].extensions?.code).toBe('UNSUPPORTED_TYPE');
  });

  it('stores an upload only when it is wholly what it claims (PDF/HTML and GIF/JS polyglots, JavaScript in an object stream)', async () => {
    const polyglot = await slot('statement.pdf', 'application/pdf');
    const r = await put(polyglot.signedUrl, concat(PDF, '<html><script>alert(1)</script></html>'));
    expect(r.status).toBe(415);
    expect(await r.json()).toEqual({ error: 'unsafe_content' });
    expect(await statusOf(polyglot.uuid)).toBe('refused');
    const notPdf = await slot('fake.pdf', 'application/pdf');
    expect(await (await put(notPdf.signedUrl, concat('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'))).json()).toEqual({ error: 'invalid_file' });
    const js = await s.gql(SAVE, { f: { fileName: 'inline.pdf', mimeType: 'application/pdf', content: Buffer.from(await makeJavaScriptPdf()).toString('base64') } }, { cookie: owner });
    expect(js.body.errors?.[0]).toMatchObject({ message: 'This file contains content that is not accepted, such as scripts or macros. Please upload a plain copy.', extensions: { code: 'UNSAFE_CONTENT' } });
    // GIF is in no slot of the definitions, so a GIF/JS polyglot is refused before any byte is sent.
    const gif = await s.gql(SIGNED, { f: { fileName: 'x.gif', mimeType: 'image/gif' } }, { cookie: owner });
    expect(gif.body.errors?.[0].extensions?.code).toBe('UNSUPPORTED_TYPE');
    const gifInline = await s.gql(SAVE, { f: { fileName: 'x.gif', mimeType: 'image/gif', content: Buffer.from(concat(makeGif(), '*/=alert(1)//')).toString('base64') } }, { cookie: owner });
    expect(gifInline.body.errors?.[0].extensions?.code).toBe('UNSUPPORTED_TYPE');
    const png = await slot('licence.png', 'image/png');
    expect(await (await put(png.signedUrl, concat(PNG, 'alert(1)//'), 'image/png')).json()).toEqual({ error: 'invalid_file' });
    expect((await put((await slot('licence.png', 'image/png')).signedUrl, PNG, 'image/png')).status).toBe(200);
  });

  it('refuses more than 10,240,000 bytes with the spec text', async () => {
    const f = await slot('big.pdf', 'application/pdf');
    const big = new Uint8Array(10_240_001);
    big.set(PDF);
    expect((await put(f.signedUrl, big)).status).toBe(413);
    const declared = await s.gql(SIGNED, { f: { fileName: 'big.pdf', mimeType: 'application/pdf', size: 10_240_001 } }, { cookie: owner });
    expect(declared.body.errors?.[0]).toMatchObject({ message: 'File size should be under 10MB.', extensions: { code: 'TOO_LARGE' } });
  });

  it('refuses tampered and expired signatures', async () => {
    const f = await slot('a.pdf', 'application/pdf');
    const u = new URL(f.signedUrl);
    const tampered = `${u.pathname}?exp=${Number(u.searchParams.get('exp')) + 1000}&sig=${u.searchParams.get('sig')}`;
    expect((await s.request(tampered, { method: 'PUT', body: PDF as Uint8Array<ArrayBuffer> })).status).toBe(403);
    const { sign } = await import('../../../server/files');
    const key = u.pathname.replace('/files/', '');
    const past = Math.floor(Date.now() / 1000) - 5;
    const expired = await s.request(`/files/${key}?exp=${past}&sig=${sign(s.config.secret, { method: 'PUT', key, exp: past })}`, { method: 'PUT', body: PDF as Uint8Array<ArrayBuffer> });
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({ error: 'url_expired' });
  });

  it("does not hand out someone else's file", async () => {
    const f = await slot('mine.pdf', 'application/pdf');
    await put(f.signedUrl, PDF);
    const r = await s.gql(BY_UUID, { u: f.uuid }, { cookie: stranger });
    expect(r.body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('saveFile stores inline content checked by content', async () => {
    const ok = await s.gql(SAVE, { f: { fileName: 'inline.pdf', mimeType: 'application/pdf', content: Buffer.from(PDF).toString('base64') } }, { cookie: owner });
    expect((ok.body.data?.saveFile as Signed).mimeType).toBe('application/pdf');
    const bad = await s.gql(SAVE, { f: { fileName: 'inline.pdf', mimeType: 'application/pdf', content: Buffer.from(PNG).toString('base64') } }, { cookie: owner });
    expect(bad.body.errors?.[0].extensions?.code).toBe('TYPE_MISMATCH');
  });

  it("limits a slot's files to its schema's maxItems and its types to the slot's, also under concurrent requests", async () => {
    const ask = (mimeType: string, fileName = 'statement.pdf', path = FINANCIALS) => s.gql(SIGNED, { f: { fileName, mimeType, applicationId: appId, slot: path } }, { cookie: applicant });
    const wrongType = await ask('image/png', 'licence.png');
    expect(wrongType.body.errors?.[0].extensions?.code).toBe('UNSUPPORTED_TYPE');
    const notASlot = await ask('application/pdf', 'x.pdf', 'scoreboard.businessDetails.financeDetails.valueOfApplication');
    expect(notASlot.body.errors?.[0].extensions?.code).toBe('INVALID_PATH');
    // 14 at once for a slot of 10 (schemas/scoreboard.json maxItems): exactly 10 are handed out.
    const all = await Promise.all(Array.from({ length: 14 }, () => ask('application/pdf')));
    const codes = all.map((r) => (r.body.errors ? r.body.errors[0].extensions?.code : 'ok'));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(10);
    expect(codes.filter((c) => c === 'FILE_LIMIT')).toHaveLength(4);
    const refused = all.find((r) => r.body.errors)?.body.errors?.[0];
    expect(refused).toMatchObject({ message: 'No more files can be added here. Please remove a file first.', extensions: { limit: 10, slot: FINANCIALS } });
    // A docx for the same slot is refused as well now; another slot still has room.
    expect((await ask('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'a.docx')).body.errors?.[0].extensions?.code).toBe('FILE_LIMIT');
    const licence = await ask('image/png', 'front.png', 'scoreboard.primaryApplicant.idScanData.fileUrls');
    expect(licence.body.errors).toBeUndefined();
  });

  it('limits the files of one application to settings.uploads.maxFilesPerApplication', async () => {
    const app = await s.database.db.selectFrom('applications').select(['brand_id', 'region']).where('id', '=', appId).executeTakeFirstOrThrow();
    const limit = uploadRulesOf(s.services.definitions.layers({ brand: app.brand_id, region: app.region.toLowerCase() })).maxFilesPerApplication;
    expect(limit).toBe(50);
    const held = Number((await s.database.db.selectFrom('files').select((eb) => eb.fn.countAll<number>().as('n')).where('application_id', '=', appId).executeTakeFirstOrThrow()).n);
    const answers = [];
    for (let i = held; i < limit + 2; i++) answers.push(await s.gql(SIGNED, { f: { fileName: `s${i}.pdf`, mimeType: 'application/pdf', applicationId: appId } }, { cookie: applicant }));
    const codes = answers.map((r) => (r.body.errors ? r.body.errors[0].extensions?.code : 'ok'));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(limit - held);
    expect(codes.slice(-2)).toEqual(['FILE_LIMIT', 'FILE_LIMIT']);
    // Inline content counts the same way, before it is inspected: a file inspection would refuse meets the full
    // application first (FILE_LIMIT, not INVALID_FILE), so nothing is decoded for it.
    const inline = await s.gql(SAVE, { f: { fileName: 'x.pdf', mimeType: 'application/pdf', applicationId: appId, content: Buffer.from(PDF).toString('base64') } }, { cookie: applicant });
    expect(inline.body.errors?.[0].extensions?.code).toBe('FILE_LIMIT');
    const refusable = await s.gql(SAVE, { f: { fileName: 'x.png', mimeType: 'image/png', applicationId: appId, content: Buffer.from(concat(PNG, 'alert(1)//')).toString('base64') } }, { cookie: applicant });
    expect(refusable.body.errors?.[0].extensions?.code).toBe('FILE_LIMIT');
  });

  describe('uploads that cannot stall the server', () => {
    const LICENCE = 'scoreboard.primaryApplicant.idScanData.fileUrls';
    const appOf = async (email: string, column: 'primary_user_id' | 'secondary_user_id' = 'primary_user_id') => {
      const user = await s.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      const app = await s.database.db.selectFrom('applications').select(['id', 'brand_id']).where(column, '=', user.id).executeTakeFirstOrThrow();
      return { userId: user.id, appId: app.id };
    };

    it('refuses bombs by their limits; a refused upload spends its URL and frees its place', async () => {
      const email = 'primary.approvals.au@demo.example';
      const cookie = await s.login(email);
      const { appId: id } = await appOf(email);
      const ask = (fileName: string) => s.gql(SIGNED, { f: { fileName, mimeType: 'image/png', applicationId: id, slot: LICENCE } }, { cookie });
      const front = (await ask('front\u202Egnp.exe.png')).body.data?.getSignedUrl as Signed;
      expect(front.fileName).toBe('frontgnp.exe.png');
      const back = (await ask('back.png')).body.data?.getSignedUrl as Signed;
      expect((await ask('third.png')).body.errors?.[0].extensions?.code).toBe('FILE_LIMIT');
      // The 16-bit PNG inflating to 180 MB is refused from its header; the URL is spent by the refusal.
      const refused = await put(front.signedUrl, await makePngBomb(), 'image/png');
      expect([refused.status, await refused.json()]).toEqual([415, { error: 'invalid_file' }]);
      expect(await statusOf(front.uuid)).toBe('refused');
      const again = await put(front.signedUrl, PNG, 'image/png');
      expect([again.status, await again.json()]).toEqual([409, { error: 'already_refused' }]);
      expect(await statusOf(front.uuid)).toBe('refused');
      // Its place is free again: a new URL for the slot; the other URL still takes its file.
      const retry = (await ask('front.png')).body.data?.getSignedUrl as Signed;
      expect((await put(retry.signedUrl, PNG, 'image/png')).status).toBe(200);
      expect((await put(back.signedUrl, PNG, 'image/png')).status).toBe(200);
      // A 6000 x 6000 JPEG is refused from its frame header.
      const jpeg = (await s.gql(SIGNED, { f: { fileName: 'huge.jpg', mimeType: 'image/jpeg' } }, { cookie })).body.data?.getSignedUrl as Signed;
      const huge = await put(jpeg.signedUrl, withJpegSize(makeJpeg(), 6000, 6000), 'image/jpeg');
      expect([huge.status, await huge.json()]).toEqual([415, { error: 'invalid_file' }]);
      // Too large is a refusal too.
      const big = (await s.gql(SIGNED, { f: { fileName: 'big.pdf', mimeType: 'application/pdf' } }, { cookie })).body.data?.getSignedUrl as Signed;
      expect((await put(big.signedUrl, new Uint8Array(10_240_001))).status).toBe(413);
      expect((await put(big.signedUrl, PDF)).status).toBe(409);
    });

    it("limits one user's inspections in flight (per instance) and per minute, and not another user's", async () => {
      const rules = s.services.limitRules(s.services.brands.forHost('au.localhost')).fileInspection;
      expect(rules).toContainEqual({ per: 'user', limit: 20, windowSeconds: 60 });
      // In flight: two running, the third is refused at once (the count is taken before anything is awaited).
      const { userId } = await appOf('primary.credit-refer.au@demo.example');
      const who = { userId, client: 'in-process', rules };
      const photo = makeJpeg(600, 600);
      const running = [s.services.inspections.inspect(who, photo, 'image/jpeg'), s.services.inspections.inspect(who, photo, 'image/jpeg')];
      await expect(s.services.inspections.inspect(who, PNG, 'image/png')).rejects.toMatchObject({ code: 'RATE_LIMITED', details: { retryAfterSeconds: 1 } });
      expect(await Promise.all(running)).toEqual([null, null]);
      expect(await s.services.inspections.inspect(who, PNG, 'image/png')).toBeNull();

      // Per minute (settings.rateLimits.fileInspection): the 21st inspection within the minute is refused.
      const email = 'primary.credit-declined.au@demo.example';
      const cookie = await s.login(email);
      const notPdf = Buffer.from(concat('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')).toString('base64');
      const save = (c: string) => s.gql(SAVE, { f: { fileName: 'x.pdf', mimeType: 'application/pdf', content: notPdf } }, { cookie: c });
      const codes = [];
      for (let i = 0; i < 21; i++) codes.push((await save(cookie)).body.errors?.[0].extensions?.code);
      expect(codes.slice(0, 20)).toEqual(Array(20).fill('INVALID_FILE'));
      const limited = await save(cookie);
      expect(limited.body.errors?.[0]).toMatchObject({ message: 'Too many requests. Please wait a few minutes and try again.', extensions: { code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) } });
      // An upload URL answers 429 with Retry-After, and stays usable (nothing was judged).
      const f = (await s.gql(SIGNED, { f: { fileName: 'a.pdf', mimeType: 'application/pdf' } }, { cookie })).body.data?.getSignedUrl as Signed;
      const r = await put(f.signedUrl, PDF);
      expect([r.status, await r.json()]).toEqual([429, { error: 'rate_limited' }]);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await statusOf(f.uuid)).toBe('pending');
      // Another user's uploads are inspected as usual.
      expect((await save(owner)).body.errors?.[0].extensions?.code).toBe('INVALID_FILE');
    });

    it("fills an officer's slot only from that officer (the secondary cannot hold the primary's places)", async () => {
      const secondaryEmail = 'secondary.approvals.au@demo.example';
      const secondary = await s.login(secondaryEmail);
      const primary = await s.login('secondary.approvals.au.primary@demo.example');
      const { appId: id } = await appOf(secondaryEmail, 'secondary_user_id');
      const ask = (cookie: string, slot: string, mimeType = 'image/png') => s.gql(SIGNED, { f: { fileName: 'x.png', mimeType, applicationId: id, slot } }, { cookie });
      for (let i = 0; i < 2; i++) {
        expect((await ask(secondary, LICENCE)).body.errors?.[0]).toMatchObject({ message: 'This detail cannot be changed at this step.', extensions: { code: 'FORBIDDEN_PATH', path: LICENCE } });
      }
      const inline = await s.gql(SAVE, { f: { fileName: 'x.png', mimeType: 'image/png', applicationId: id, slot: LICENCE, content: Buffer.from(PNG).toString('base64') } }, { cookie: secondary });
      expect(inline.body.errors?.[0].extensions?.code).toBe('FORBIDDEN_PATH');
      expect((await ask(secondary, FINANCIALS, 'application/pdf')).body.errors?.[0].extensions?.code).toBe('FORBIDDEN_PATH');
      expect((await ask(secondary, 'scoreboard.wetSignature.documentMLA.uploadFile', 'application/pdf')).body.errors?.[0].extensions?.code).toBe('FORBIDDEN_PATH');
      // The primary's two places are the primary's; each officer fills their own slot only.
      expect((await ask(primary, LICENCE)).body.errors).toBeUndefined();
      expect((await ask(primary, LICENCE)).body.errors).toBeUndefined();
      expect((await ask(secondary, 'scoreboard.secondaryApplicant.idScanData.fileUrls')).body.errors).toBeUndefined();
      expect((await ask(primary, 'scoreboard.secondaryApplicant.idScanData.fileUrls')).body.errors?.[0].extensions?.code).toBe('FORBIDDEN_PATH');
    });
  });
});
