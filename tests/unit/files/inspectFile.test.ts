/** Upload inspection: real files pass; polyglots, truncations, appended data, macros and active PDF content are refused. */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PDFName } from 'pdf-lib';
import { inspectFile } from '../../../server/files/inspect';
import { inspectPdf } from '../../../server/files/inspect/inspectPdf';
import { concat, MINIMAL_PDF, makeCompound, makeDoc, makeDocx, makeGif, makeJavaScriptPdf, makeJpeg, makePdf, makePng, makeXls, makeXlsx } from './sampleFiles';

const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const codeOf = async (bytes: Uint8Array, type: string) => (await inspectFile(bytes, type))?.code ?? 'ok';

describe('inspectFile', () => {
  it('accepts real files of every stored type', async () => {
    expect(await inspectFile(await makePdf(), PDF)).toBeNull();
    expect(await inspectFile(await makePdf({ objectStreams: false }), PDF)).toBeNull();
    expect(await inspectFile(MINIMAL_PDF, PDF)).toBeNull();
    expect(await inspectFile(makePng(), 'image/png')).toBeNull();
    expect(await inspectFile(makeJpeg(), 'image/jpeg')).toBeNull();
    expect(await inspectFile(makeJpeg(), 'image/jpg')).toBeNull();
    expect(await inspectFile(makeGif(), 'image/gif')).toBeNull();
    expect(await inspectFile(makeDocx(), DOCX)).toBeNull();
    expect(await inspectFile(makeXlsx(), XLSX)).toBeNull();
    expect(await inspectFile(makeDoc(), 'application/msword')).toBeNull();
    expect(await inspectFile(makeXls(), 'application/vnd.ms-excel')).toBeNull();
  });

  it('refuses a PDF that only starts like one', async () => {
    expect(await codeOf(concat('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'), PDF)).toBe('INVALID_FILE');
    expect(await codeOf(concat('%PDF-1.7\n', 'x'.repeat(500)), PDF)).toBe('INVALID_FILE');
  });

  it('refuses PDF/HTML polyglots, before or after %%EOF and inside compressed streams', async () => {
    const pdf = await makePdf();
    expect(await inspectFile(concat(pdf, '\n<html><body>hi</body></html>\n'), PDF)).toMatchObject({ code: 'UNSAFE_CONTENT' });
    expect(await codeOf(concat('%PDF-1.4\n%<script>alert(1)</script>\n', pdf.subarray(9)), PDF)).toBe('UNSAFE_CONTENT');
    // Text drawn on the page sits in a Flate-compressed content stream: invisible in the raw bytes.
    const drawn = await makePdf({ literal: '<script>alert(1)</script>' });
    expect(Buffer.from(drawn).includes('<script')).toBe(false);
    expect(await inspectFile(drawn, PDF)).toMatchObject({ code: 'UNSAFE_CONTENT', reason: expect.stringContaining('stream') });
  });

  it('refuses PDF JavaScript and open actions, also inside compressed object streams and hex-escaped names', async () => {
    const hidden = await makeJavaScriptPdf(true);
    expect(Buffer.from(hidden).includes('JavaScript')).toBe(false);
    expect(await inspectFile(hidden, PDF)).toMatchObject({ code: 'UNSAFE_CONTENT' });
    expect(await codeOf(await makeJavaScriptPdf(false), PDF)).toBe('UNSAFE_CONTENT');
    const openAction = await makePdf({ objectStreams: false, edit: (doc) => doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj([0, 'Fit'])) });
    expect(await codeOf(openAction, PDF)).toBe('UNSAFE_CONTENT');
    const escaped = Buffer.from(await makePdf({ objectStreams: false })).toString('latin1').replace('/Type /Catalog', '/Type /Catalog /Names << /J#61vaScript 9 0 R >>');
    expect(await inspectFile(concat(escaped), PDF)).toMatchObject({ code: 'UNSAFE_CONTENT', reason: expect.stringContaining('/JavaScript') });
  });

  it('refuses encrypted PDFs and decompression bombs', async () => {
    const encrypted = await makePdf({ objectStreams: false, edit: (doc) => { doc.context.trailerInfo.Encrypt = doc.context.register(doc.context.obj({ Filter: 'Standard', V: 2, R: 3 })); } });
    expect(await codeOf(encrypted, PDF)).toBe('ENCRYPTED_FILE');
    // A stream inflating past the budget (256 MB in use; 1 MB here to keep the test fast).
    const bomb = deflateSync(Buffer.alloc(2 * 1024 * 1024), { level: 9 });
    const text = Buffer.from(await makePdf({ objectStreams: false })).toString('latin1');
    const withBomb = concat(text.replace(/%%EOF\s*$/, ''), `99 0 obj\n<< /Length ${bomb.length} /Filter /FlateDecode >>\nstream\n`, bomb, '\nendstream\nendobj\n%%EOF\n');
    expect(await inspectPdf(withBomb, PDF, 1024 * 1024)).toMatchObject({ code: 'INVALID_FILE', reason: expect.stringContaining('decode to more than') });
    expect(await inspectPdf(withBomb, PDF, 4 * 1024 * 1024)).toBeNull();
  });

  it('refuses images that do not decode wholly', async () => {
    const png = makePng();
    const broken = png.slice();
    broken[40] ^= 0xff; // inside IDAT: CRC fails
    expect(await codeOf(broken, 'image/png')).toBe('INVALID_FILE');
    expect(await inspectFile(concat(png, 'alert(1)//'), 'image/png')).toMatchObject({ code: 'INVALID_FILE', reason: expect.stringContaining('after IEND') });
    expect(await codeOf(makePng(4, 3, [['tEXt', Buffer.from('c\0<script>alert(1)</script>')]]), 'image/png')).toBe('UNSAFE_CONTENT');
    expect(await codeOf(makePng(4, 3, [], [100_000, 100_000]), 'image/png')).toBe('INVALID_FILE');
    const jpeg = makeJpeg();
    expect(await codeOf(jpeg.subarray(0, jpeg.length - 40), 'image/jpeg')).toBe('INVALID_FILE');
    expect(await codeOf(concat(jpeg, ';alert(1)//'), 'image/jpeg')).toBe('INVALID_FILE');
    expect(await codeOf(concat(jpeg, makeJpeg(8, 8)), 'image/jpeg')).toBe('ok'); // a phone's appended preview image
    expect(await codeOf(makeGif(5, 4, { pixels: 12 }), 'image/gif')).toBe('INVALID_FILE');
  });

  it('refuses GIF/JS polyglots', async () => {
    // GIF89a/*...*/=alert(1)// : the screen width bytes open a JS comment, the script follows the trailer.
    const gif = makeGif(5, 4, { screen: [0x2a2f, 10] });
    expect(await codeOf(concat(gif, '*/=alert(1)//'), 'image/gif')).toBe('INVALID_FILE');
    expect(await codeOf(concat(makeGif(), '<script>'), 'image/gif')).toBe('UNSAFE_CONTENT');
  });

  it('checks office files as their containers', async () => {
    expect(await codeOf(makeDocx(), XLSX)).toBe('TYPE_MISMATCH');
    expect(await codeOf(makeDocx({ 'word/document.xml': 'not xml' }), DOCX)).toBe('INVALID_FILE');
    expect(await codeOf(makeDocx({ 'word/vbaProject.bin': Buffer.alloc(100) }), DOCX)).toBe('UNSAFE_CONTENT');
    expect(await codeOf(concat(makeDocx(), 'trailing'), DOCX)).toBe('INVALID_FILE');
    const corrupt = makeDocx().slice();
    corrupt[60] ^= 0x55;
    expect(await codeOf(corrupt, DOCX)).toBe('INVALID_FILE');
    expect(await codeOf(makeDoc(), 'application/vnd.ms-excel')).toBe('TYPE_MISMATCH');
    expect(await codeOf(makeCompound({ WordDocument: Buffer.alloc(5000, 1), 'Macros/VBA/dir': Buffer.alloc(10) }), 'application/msword')).toBe('UNSAFE_CONTENT');
    const badDirectory = makeDoc().slice();
    badDirectory.set([0xff, 0xff, 0xff, 0x0f], 48); // first directory sector: past the end
    expect(await codeOf(badDirectory, 'application/msword')).toBe('INVALID_FILE');
    expect(await codeOf(makeCompound({ EncryptionInfo: Buffer.alloc(100), EncryptedPackage: Buffer.alloc(5000) }), DOCX)).toBe('ENCRYPTED_FILE');
  });

  it('refuses a type the content is not, and empty files', async () => {
    expect(await codeOf(makePng(), PDF)).toBe('TYPE_MISMATCH');
    expect(await codeOf(await makePdf(), 'image/png')).toBe('TYPE_MISMATCH');
    expect(await codeOf(new Uint8Array(), PDF)).toBe('EMPTY');
    expect(await codeOf(makePng(), 'text/html')).toBe('TYPE_MISMATCH');
  });
});
