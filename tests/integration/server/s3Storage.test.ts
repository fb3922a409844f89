/**
 * Object storage (S3 API, s3rver started here): presigned uploads land in quarantine and are stored only
 * after saveFile (or the first getFileByUUID) inspected them; refused ones are removed; downloads are
 * presigned GETs of the stored copy, served as attachments of the stored type.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concat, makePdf } from '../../unit/files/sampleFiles';
import { DATABASES, startServer, useHarness } from './harness';
import { startS3, type TestS3 } from './s3Store';

const SIGNED = `mutation($f: FileInput!){ getSignedUrl(file:$f, shouldUpload:false){ uuid signedUrl fileName mimeType } }`;
const SAVE = `mutation($f: FileInput!){ saveFile(file:$f){ uuid signedUrl fileName mimeType } }`;
const BY_UUID = `mutation($u: ID!){ getFileByUUID(uuid:$u){ uuid signedUrl fileName mimeType } }`;
type Signed = { uuid: string; signedUrl: string; fileName: string; mimeType: string };

describe.each(DATABASES)('S3 storage on %s', (kind) => {
  let s3: TestS3;
  let cookie: string;
  let PDF: Uint8Array;
  // The object store starts first and closes last (the server's afterAll runs before this block's own).
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(async () => s3?.close());
  const s = useHarness(() => startServer(kind, { config: { fileStorage: 's3', s3: s3.settings } }));
  beforeAll(async () => {
    cookie = await s.login('primary.sign-wet.au@demo.example');
    PDF = await makePdf();
  });

  const slot = async (fileName = 'statement.pdf') => (await s.gql(SIGNED, { f: { fileName, mimeType: 'application/pdf' } }, { cookie })).body.data?.getSignedUrl as Signed;
  const put = (url: string, body: Uint8Array) => fetch(url, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: body as Uint8Array<ArrayBuffer> });
  const keyOf = async (uuid: string) => (await s.database.db.selectFrom('files').select(['storage_key', 'status']).where('id', '=', uuid).executeTakeFirstOrThrow());

  it('uploads to the quarantine key; saveFile inspects, stores and removes the quarantine copy', async () => {
    const f = await slot();
    const url = new URL(f.signedUrl);
    expect(url.origin).toBe(s3.settings.endpoint);
    expect(url.pathname).toMatch(/^\/fleetform-test\/quarantine\/\d{4}\/\d{2}\/[0-9a-f]{32}$/);
    // requestChecksumCalculation WHEN_REQUIRED: a browser's plain PUT carries no checksum the URL would demand.
    expect(url.search).not.toMatch(/checksum/i);
    expect((await put(f.signedUrl, PDF)).status).toBe(200);
    const row = await keyOf(f.uuid);
    expect(row.status).toBe('pending');
    // Not served before it is confirmed.
    expect(await s.services.storage.get(row.storage_key)).toBeNull();
    const saved = (await s.gql(SAVE, { f: { fileName: 'statement.pdf', mimeType: 'application/pdf', uuid: f.uuid } }, { cookie })).body.data?.saveFile as Signed;
    expect(new URL(saved.signedUrl).pathname).toBe(`/fleetform-test/${row.storage_key}`);
    expect((await keyOf(f.uuid)).status).toBe('uploaded');
    expect(await s.services.storage.readQuarantine?.(row.storage_key, 1e8)).toBeNull();
    const res = await fetch(saved.signedUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="statement.pdf"/);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
  });

  it('refuses a polyglot in quarantine at saveFile and removes it; the uuid never serves', async () => {
    const f = await slot('polyglot.pdf');
    expect((await put(f.signedUrl, concat(PDF, '<html><script>alert(document.domain)</script></html>'))).status).toBe(200);
    const r = await s.gql(SAVE, { f: { fileName: 'polyglot.pdf', mimeType: 'application/pdf', uuid: f.uuid } }, { cookie });
    expect(r.body.errors?.[0].extensions?.code).toBe('UNSAFE_CONTENT');
    const row = await keyOf(f.uuid);
    expect(row.status).toBe('refused');
    expect(await s.services.storage.readQuarantine?.(row.storage_key, 1e8)).toBeNull();
    expect(await s.services.storage.get(row.storage_key)).toBeNull();
    expect((await s.gql(BY_UUID, { u: f.uuid }, { cookie })).body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    // The presigned URL still takes a PUT (the store cannot be told otherwise), but the refused upload is never
    // inspected again: saveFile answers NOT_FOUND and removes the copy unread.
    expect((await put(f.signedUrl, PDF)).status).toBe(200);
    expect((await s.gql(SAVE, { f: { fileName: 'polyglot.pdf', mimeType: 'application/pdf', uuid: f.uuid } }, { cookie })).body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect(await s.services.storage.readQuarantine?.(row.storage_key, 1e8)).toBeNull();
    expect((await keyOf(f.uuid)).status).toBe('refused');
  });

  it('confirms on first use by getFileByUUID, and refuses an oversized object', async () => {
    const f = await slot();
    await put(f.signedUrl, PDF);
    const got = (await s.gql(BY_UUID, { u: f.uuid }, { cookie })).body.data?.getFileByUUID as Signed;
    expect(new Uint8Array(await (await fetch(got.signedUrl)).arrayBuffer())).toEqual(PDF);
    const big = await slot('big.pdf');
    const bytes = new Uint8Array(10_240_001);
    bytes.set(PDF);
    await put(big.signedUrl, bytes);
    const r = await s.gql(SAVE, { f: { fileName: 'big.pdf', mimeType: 'application/pdf', uuid: big.uuid } }, { cookie });
    expect(r.body.errors?.[0]).toMatchObject({ message: 'File size should be under 10MB.', extensions: { code: 'TOO_LARGE' } });
  });

  it('answers NOT_FOUND for an upload URL nobody used', async () => {
    const f = await slot();
    expect((await s.gql(SAVE, { f: { fileName: 'x.pdf', mimeType: 'application/pdf', uuid: f.uuid } }, { cookie })).body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});
