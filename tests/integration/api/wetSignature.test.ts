/** Wet signature: upload signed PDFs in the contract step, submit once, no deleting afterwards; answers say what happened. */
import { beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE } from './fixture';
import { DATABASES, startHarness, useHarness, type Who } from './harness';
import { audit, codeOf, expectRefused, row, serverSets } from './helpers';
import { MINIMAL_PDF } from '../../unit/files/sampleFiles';

const A = FIXTURE.apps.shared;
const PDF = Buffer.from(MINIMAL_PDF).toString('base64');

describe.each(DATABASES)('wet signature on %s', (kind) => {
  const h = useHarness(() => startHarness(kind));
  beforeEach(async () => {
    await h.reset();
    await serverSets(h, A, 'scoreboard.status', 'reviewAndSignContract');
    await serverSets(h, A, 'scoreboard.wetSignature', { signType: 'wet' });
    await serverSets(h, A, 'scoreboard.businessDetails', { financeDetails: { personalGuarantee: 'yes' } });
  });

  const saveFile = async (who: Who) => {
    const r = await h.gql(who, 'mutation($f: FileInput!) { saveFile(file: $f) { uuid } }', { f: { fileName: 'signed.pdf', mimeType: 'application/pdf', applicationId: A, content: PDF } });
    return (r.data?.saveFile as { uuid: string }).uuid;
  };
  const upload = (who: Who, name: string, uuid: string) =>
    h.gql(who, 'mutation($id: ID!, $n: String!, $f: UploadFileInput!) { uploadWetSignature(applicationId: $id, wetSignatureObjName: $n, uploadFileObj: $f) { url } }', {
      id: A,
      n: name,
      f: { fileName: 'evil name.exe', uuid, mimeType: 'application/x-evil' },
    });
  const submit = (who: Who = 'primary') => h.gql(who, 'mutation($id: ID!) { submitWetSignature(applicationId: $id, status: "completed") { url } }', { id: A });
  const idempotencyRows = async () => (await h.database.db.selectFrom('idempotency_keys').select('key').execute()).length;
  /** A submit refused with `code` that changes nothing and stores nothing. */
  async function refusedSubmit(who: Who, code: string) {
    const answer = await expectRefused(h, A, () => submit(who), { code });
    expect(answer.data?.submitWetSignature ?? null).toBeNull();
    expect(await idempotencyRows()).toBe(0);
  }
  const remove = (name: string) => h.gql('primary', 'mutation($id: ID!, $n: String!) { deleteWetSignature(applicationId: $id, wetSignatureObjName: $n) { url } }', { id: A, n: name });

  it('submits once the required documents are uploaded, and only once', async () => {
    const uuid = await saveFile('primary');
    const up = await upload('primary', 'documentMLA', uuid);
    expect(up.data?.uploadWetSignature).toMatchObject({ url: expect.stringContaining('http') });
    const stored = ((await row(h, A)).record.scoreboard as { wetSignature: Record<string, unknown> }).wetSignature.documentMLA;
    expect(stored).toEqual({ uploadFile: { fileName: 'signed.pdf', uuid, mimeType: 'application/pdf' } });
    expect(codeOf(await upload('secondary', 'documentBank', uuid))).toBe('FORBIDDEN_PATH');
    expect(codeOf(await upload('primary', 'documentNope', uuid))).toBe('INVALID_PATH');
    expect(codeOf(await upload('primary', 'documentBank', '00000000-0000-4000-8000-000000000999'))).toBe('NOT_FOUND');
    for (const name of ['documentBank', 'documentQuote']) expect(codeOf(await upload('primary', name, uuid))).toBe('ok');
    // The Personal Guarantee applies and is missing.
    expect(codeOf(await submit())).toBe('GUARD_FAILED');
    expect(codeOf(await upload('primary', 'documentPCA', uuid))).toBe('ok');
    expect(codeOf(await remove('documentPCA'))).toBe('ok');
    expect(codeOf(await submit())).toBe('GUARD_FAILED');
    expect(codeOf(await upload('primary', 'documentPCA', uuid))).toBe('ok');

    const first = await submit();
    expect(first.data?.submitWetSignature).toEqual({ url: `/applications/${A}` });
    const after = await row(h, A);
    expect(after.record.scoreboard).toMatchObject({ status: 'finished', wetSignature: { status: 'completed' } });
    // A repeat says it was submitted already, and changes nothing.
    expect(codeOf(await submit())).toBe('ALREADY_SUBMITTED');
    expect((await row(h, A)).version).toBe(after.version);
    expect((await audit(h, A)).filter((r) => r.action.startsWith('transition')).map((r) => [r.action, r.from_status, r.to_status])).toEqual([
      ['transition:primary.wetSignatureSubmitted', 'reviewAndSignContract', 'finished'],
    ]);
    expect(codeOf(await remove('documentMLA'))).toBe('ALREADY_SUBMITTED');
    expect(codeOf(await upload('primary', 'documentMLA', uuid))).toBe('ALREADY_SUBMITTED');
  });

  it('refuses a submit that would change nothing: a finished application, digital signing, another officer', async () => {
    // Finished by digital signing (the provider's outcome): there is nothing to submit.
    await serverSets(h, A, 'scoreboard.wetSignature', { signType: 'digital' });
    await serverSets(h, A, 'scoreboard.status', 'finished');
    await refusedSubmit('primary', 'INVALID_TRANSITION');
    await refusedSubmit('secondary', 'INVALID_TRANSITION');
    // Finished by an earlier wet-signature submission.
    await serverSets(h, A, 'scoreboard.wetSignature', { signType: 'wet', status: 'completed' });
    await refusedSubmit('primary', 'ALREADY_SUBMITTED');
    // Still in the contract step: digital signing has no wet documents; for the secondary officer only the
    // signing provider finishes the contract.
    await serverSets(h, A, 'scoreboard.status', 'reviewAndSignContract');
    await serverSets(h, A, 'scoreboard.wetSignature', { signType: 'digital' });
    await refusedSubmit('primary', 'GUARD_FAILED');
    await serverSets(h, A, 'scoreboard.wetSignature', { signType: 'wet' });
    await refusedSubmit('secondary', 'PROVIDER_OUTCOME');
  });

  it('answers success to exactly one of two concurrent submits', async () => {
    const uuid = await saveFile('primary');
    for (const name of ['documentMLA', 'documentBank', 'documentQuote', 'documentPCA']) expect(codeOf(await upload('primary', name, uuid))).toBe('ok');
    const answers = await Promise.all([submit(), submit()]);
    expect(answers.map(codeOf).sort()).toEqual(['ALREADY_SUBMITTED', 'ok']);
    expect((await audit(h, A)).filter((r) => r.action.startsWith('transition')).length).toBe(1);
    expect(await idempotencyRows()).toBe(0);
  });

  it('reads only references the attaching call wrote: a forged document reference is refused and cannot finish the contract', async () => {
    const forged = { uuid: '00000000-0000-4000-8000-00000000dead', fileName: 'signed.pdf', mimeType: 'application/pdf' };
    for (const name of ['documentMLA', 'documentBank', 'documentQuote', 'documentPCA']) {
      const answer = await h.gql('primary', 'mutation($id: ID!, $p: PropertyParams!) { createOrUpdateProperty(applicationId: $id, params: $p) { status } }', {
        id: A,
        p: { value: forged, propertyFirst: 'wetSignature', propertySecond: name, propertyThird: 'uploadFile' },
      });
      expect(codeOf(answer)).toBe('FORBIDDEN_PATH');
      expect(answer.errors?.[0].extensions?.reason).toMatch(/written only by uploadWetSignature, deleteWetSignature, not by createOrUpdateProperty/);
    }
    await refusedSubmit('primary', 'GUARD_FAILED');
    expect(((await row(h, A)).record.scoreboard as { wetSignature: Record<string, unknown> }).wetSignature).toEqual({ signType: 'wet' });
  });
});
