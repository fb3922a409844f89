/** Upload inspection: real files pass; polyglots, truncations, appended data, macros and active PDF content are refused. */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { displayName } from '../../../server/files';
import { inspectFile } from '../../../server/files/inspect';
import { inspectPdf } from '../../../server/files/inspect/inspectPdf';
import { concat, gifWithComment, jpegWith, MINIMAL_PDF, makeCompound, makeDoc, makeDocx, makeGif, makeJavaScriptPdf, makeJpeg, makePdf, makePng, makeXls, makeXlsx } from './sampleFiles';

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

/** A PDF whose page has a link annotation running `action` (in a compressed object stream unless `objectStreams` is false). */
const pdfWithAction = (action: (doc: PDFDocument) => Record<string, unknown>, objectStreams = true) =>
  makePdf({
    objectStreams,
    edit: (doc) => {
      const link = doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 50, 50], A: doc.context.obj(action(doc) as never) });
      doc.getPage(0).node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(link)]));
    },
  });

describe('active markup in image metadata', () => {
  const xmp = Buffer.from('http://ns.adobe.com/xap/1.0/\0<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" dc:format="image/jpeg"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>', 'latin1');

  it('keeps ordinary metadata', async () => {
    expect(await codeOf(jpegWith(makeJpeg(), [[0xfe, Buffer.from('Scanned on 2025-03-01, page 1 of 2 <front>')], [0xe1, xmp]]), 'image/jpeg')).toBe('ok');
    expect(await codeOf(makePng(4, 3, [['tEXt', Buffer.from('Software\0GIMP 2.10')], ['zTXt', Buffer.concat([Buffer.from('Comment\0\0'), deflateSync('licence, front side')])]]), 'image/png')).toBe('ok');
    expect(await codeOf(gifWithComment('Created with GIMP'), 'image/gif')).toBe('ok');
  });

  it('refuses a JPEG whose comment or APP segment holds <svg onload=...>, an iframe or a script URL', async () => {
    expect(await inspectFile(jpegWith(makeJpeg(), [[0xfe, Buffer.from('<svg onload=alert(document.domain)>')]]), 'image/jpeg')).toMatchObject({ code: 'UNSAFE_CONTENT', reason: "JPEG: metadata carries '<svg'" });
    expect(await codeOf(jpegWith(makeJpeg(), [[0xe1, Buffer.from(`${xmp.toString('latin1')}<iframe src=x>`, 'latin1')]]), 'image/jpeg')).toBe('UNSAFE_CONTENT');
    expect(await codeOf(jpegWith(makeJpeg(), [[0xed, Buffer.from('Photoshop 3.0\0 x" onerror = "alert(1)')]]), 'image/jpeg')).toBe('UNSAFE_CONTENT');
    expect(await codeOf(jpegWith(makeJpeg(), [[0xfe, Buffer.from('see JavaScript:alert(1)')]]), 'image/jpeg')).toBe('UNSAFE_CONTENT');
  });

  it('refuses PNG text chunks with markup, compressed ones included, and GIF comments', async () => {
    expect(await codeOf(makePng(4, 3, [['tEXt', Buffer.from('Comment\0<SVG/onload=alert(1)>')]]), 'image/png')).toBe('UNSAFE_CONTENT');
    const hidden = Buffer.concat([Buffer.from('Comment\0\0'), deflateSync('<img src=x onerror=alert(1)>')]);
    expect(hidden.includes('<img')).toBe(false);
    expect(await inspectFile(makePng(4, 3, [['zTXt', hidden]]), 'image/png')).toMatchObject({ code: 'UNSAFE_CONTENT', reason: "PNG: a zTXt chunk carries '<img'" });
    const itxt = Buffer.concat([Buffer.from('Description\0\x01\0en\0\0', 'latin1'), deflateSync('<iframe src="https://evil.example">')]);
    expect(await codeOf(makePng(4, 3, [['iTXt', itxt]]), 'image/png')).toBe('UNSAFE_CONTENT');
    expect(await codeOf(gifWithComment('<svg onload=alert(1)>'), 'image/gif')).toBe('UNSAFE_CONTENT');
  });
});

describe('PDF actions that reach outside the document', () => {
  it('refuses URI, GoToR, Launch, Movie and SubmitForm actions, compressed or not', async () => {
    const url = () => PDFString.of('https://evil.example/x');
    for (const objectStreams of [true, false]) {
      expect(await inspectFile(await pdfWithAction(() => ({ S: 'URI', URI: url() }), objectStreams), PDF)).toMatchObject({ code: 'UNSAFE_CONTENT', reason: expect.stringContaining('/URI') });
      expect(await inspectFile(await pdfWithAction(() => ({ S: 'GoToR', F: PDFString.of('other.pdf'), D: [0, 'Fit'] }), objectStreams), PDF)).toMatchObject({ code: 'UNSAFE_CONTENT', reason: expect.stringContaining('/GoToR') });
      expect(await codeOf(await pdfWithAction(() => ({ S: 'Launch', F: PDFString.of('cmd.exe') }), objectStreams), PDF)).toBe('UNSAFE_CONTENT');
      expect(await codeOf(await pdfWithAction(() => ({ S: 'Movie', T: PDFString.of('clip') }), objectStreams), PDF)).toBe('UNSAFE_CONTENT');
      expect(await codeOf(await pdfWithAction(() => ({ S: 'SubmitForm', F: url() }), objectStreams), PDF)).toBe('UNSAFE_CONTENT');
    }
    // A link within the document stays.
    expect(await codeOf(await pdfWithAction((doc) => ({ S: 'GoTo', D: [doc.getPage(0).ref, 'Fit'] })), PDF)).toBe('ok');
  });
});

describe('displayName', () => {
  it('drops bidirectional, invisible and control characters from stored names', () => {
    expect(displayName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(displayName('\u200Escan\u200F \u2066a\u2067b\u2068c\u2069.pdf')).toBe('scan abc.pdf');
    expect(displayName('a\u0007b\u0085c\u009Bd\u061Ce\uFEFF\u200Bf\u2028.pdf')).toBe('abcdef.pdf');
    expect(displayName('C:\\Users\\me\\Kontoauszug März.pdf')).toBe('Kontoauszug März.pdf');
    // Joiners that scripts and emoji need stay.
    expect(displayName('می\u200Cخواهم 👨\u200D👩.pdf')).toBe('می\u200Cخواهم 👨\u200D👩.pdf');
    expect(displayName('\u202E\u202E')).toBe('file');
  });
});
