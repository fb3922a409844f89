/**
 * Inspections run on worker threads within a time budget, and decompression and pixel bombs are refused
 * by the limits their headers state, before anything is decoded. Bombs are made here, not stored.
 */
import { threadId } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { createInspectionPool, inspectFile, sharedInspectionPool } from '../../../server/files/inspect';
import { concat, deflatedZeros, makeJpeg, makePng, makePngBomb, pngOf, withJpegSize } from './sampleFiles';

/** Tests that start workers: a worker loads its decoders in about a second, far longer on a loaded machine. */
const STARTS_WORKERS = 120_000;

const reasonOf = async (bytes: Uint8Array, type: string) => (await inspectFile(bytes, type))?.reason ?? 'ok';

describe('inspection on worker threads', () => {
  // About half a second of decoding: long enough for the event loop to be seen running meanwhile.
  const photo = makeJpeg(1000, 1000);
  const budgeted = createInspectionPool({ size: 1, timeBudgetMs: 1 });
  afterAll(() => budgeted.close());

  it('decodes off the main thread, and the event loop keeps running meanwhile', async () => {
    let turns = 0;
    const ticking = setInterval(() => turns++, 0);
    const { refusal, threadId: inspectedOn } = await sharedInspectionPool().inspect(photo, 'image/jpeg');
    clearInterval(ticking);
    expect(refusal).toBeNull();
    expect(inspectedOn).not.toBe(threadId);
    // Decoding on this thread would have held it until the answer: no timer could have run before.
    expect(turns).toBeGreaterThan(0);
  }, STARTS_WORKERS);

  it('refuses a file whose inspection outlives its budget, and replaces the stopped worker', async () => {
    const first = await budgeted.inspect(photo, 'image/jpeg');
    expect(first.refusal).toMatchObject({ code: 'INVALID_FILE', reason: 'inspection took longer than 1 ms' });
    const second = await budgeted.inspect(photo, 'image/jpeg');
    expect(second.refusal?.reason).toBe('inspection took longer than 1 ms');
    expect(second.threadId).not.toBe(first.threadId);
  }, STARTS_WORKERS);
});

describe('turns between owners', () => {
  it("takes the waiting file of the owner served least recently: one user's files do not keep another's waiting", async () => {
    const pool = createInspectionPool({ size: 1 });
    const done: string[] = [];
    const inspect = (owner: string, name: string) => pool.inspect(makePng(), 'image/png', owner).then(() => done.push(name));
    // All four wait for the pool's one worker to start; then it takes them in turns.
    await Promise.all([inspect('a', 'a1'), inspect('a', 'a2'), inspect('a', 'a3'), inspect('b', 'b1')]);
    expect(done).toEqual(['a1', 'b1', 'a2', 'a3']);
    await pool.close();
  }, STARTS_WORKERS);
});

describe('limits read from the headers before decoding', () => {
  it("refuses the attacker's 16-bit PNG that inflates to 180 MB by its IHDR, without inflating it", async () => {
    const bomb = await makePngBomb();
    expect(bomb.byteLength).toBeLessThan(400_000);
    expect(await inspectFile(bomb, 'image/png')).toMatchObject({ code: 'INVALID_FILE', reason: expect.stringMatching(/6000x5000 at 16 bits x 3 channels decodes to 180005000 bytes, more than/) });
  });

  it('stops inflating PNG data at the size its header states', async () => {
    // A 100 x 100 RGB image needs 30,100 bytes of scanlines; this data inflates to 50 MB.
    const lying = pngOf({ width: 100, height: 100, depth: 8, colour: 2 }, await deflatedZeros(50 * 1024 * 1024));
    expect(await reasonOf(lying, 'image/png')).toMatch(/does not inflate.*30101/);
    expect(await reasonOf(makePng(), 'image/png')).toBe('ok');
  });

  it('refuses a 6000 x 6000 JPEG by its frame header, and a JPEG of too many scans', async () => {
    const small = makeJpeg(16, 8);
    expect(await reasonOf(withJpegSize(small, 6000, 6000), 'image/jpeg')).toBe('JPEG: 6000x6000 is larger than 25000000 pixels');
    // The same scan 40 times over (a progressive bomb walks the image once a scan).
    const sos = Buffer.from(small).indexOf(Buffer.from([0xff, 0xda]));
    const eoi = small.length - 2;
    const scans = concat(small.subarray(0, sos), ...Array.from({ length: 40 }, () => small.subarray(sos, eoi)), small.subarray(eoi));
    expect(await reasonOf(scans, 'image/jpeg')).toBe('JPEG: more than 32 scans');
  });
});
