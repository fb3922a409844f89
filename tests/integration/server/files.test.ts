/** Files: signed PUT/GET URLs, content-checked types, size cap, keys never from client names. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from './harness';

const SIGNED = `mutation($f: FileInput!){ getSignedUrl(file:$f, shouldUpload:false){ uuid signedUrl fileName mimeType } }`;
const BY_UUID = `mutation($u: ID!){ getFileByUUID(uuid:$u){ uuid signedUrl fileName mimeType } }`;
const SAVE = `mutation($f: FileInput!){ saveFile(file:$f){ uuid signedUrl fileName mimeType } }`;
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

type Signed = { uuid: string; signedUrl: string; fileName: string; mimeType: string };

describe.each(DATABASES)('files on %s', (kind) => {
  let s: TestServer;
  let owner: string;
  let stranger: string;
  beforeAll(async () => {
    s = await startServer(kind);
    owner = await s.login('primary.sign-wet.au@demo.example');
    stranger = await s.login('primary.finished.au@demo.example');
  }, 60_000);
  afterAll(async () => s?.close());

  const slot = async (fileName: string, mimeType: string, cookie = owner) => {
    const r = await s.gql(SIGNED, { f: { fileName, mimeType } }, { cookie });
    return r.body.data?.getSignedUrl as Signed;
  };
  const put = (url: string, body: Uint8Array, type = 'application/pdf') => {
    const u = new URL(url);
    return s.request(`${u.pathname}${u.search}`, { method: 'PUT', headers: { 'content-type': type }, body: body as Uint8Array<ArrayBuffer> });
  };

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
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
  });

  it('checks the type by content, not by name or header', async () => {
    const f = await slot('scan.pdf', 'application/pdf');
    expect((await put(f.signedUrl, PNG, 'application/pdf')).status).toBe(415);
    const row = await s.database.db.selectFrom('files').select('status').where('id', '=', f.uuid).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    const exe = await s.gql(SIGNED, { f: { fileName: 'x.exe', mimeType: 'application/x-msdownload' } }, { cookie: owner });
    expect(exe.body.errors?.[0].extensions?.code).toBe('UNSUPPORTED_TYPE');
  });

  it('refuses more than 10,240,000 bytes', async () => {
    const f = await slot('big.pdf', 'application/pdf');
    const big = new Uint8Array(10_240_001);
    big.set(PDF);
    expect((await put(f.signedUrl, big)).status).toBe(413);
    const declared = await s.gql(SIGNED, { f: { fileName: 'big.pdf', mimeType: 'application/pdf', size: 10_240_001 } }, { cookie: owner });
    expect(declared.body.errors?.[0].extensions?.code).toBe('TOO_LARGE');
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
});
