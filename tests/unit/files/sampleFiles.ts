/** Real sample files for the upload tests, made by real encoders (pdf-lib, jpeg-js, cfb) or byte-exact writers of the formats. */
import { once } from 'node:events';
import { crc32, createDeflate, deflateRawSync, deflateSync } from 'node:zlib';
import * as CFB from 'cfb';
import { encode as encodeJpeg } from 'jpeg-js';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';

const enc = (s: string) => Buffer.from(s, 'latin1');

/** The smallest whole PDF: a catalog, a page tree and one empty page (readers rebuild the missing xref). */
export const MINIMAL_PDF = new Uint8Array(enc(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\ntrailer\n<< /Root 1 0 R /Size 4 >>\n%%EOF\n',
));

/**
 * A one-page PDF with a line of text; `objectStreams` stores its objects compressed (pdf-lib's default);
 * `literal` adds a Flate-compressed content stream showing that text as a literal string.
 */
export async function makePdf(options: { text?: string; literal?: string; objectStreams?: boolean; edit?: (doc: PDFDocument) => void } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText(options.text ?? 'Statement of account', { x: 20, y: 150, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  if (options.literal) page.node.addContentStream(doc.context.register(doc.context.flateStream(`BT /F1 12 Tf 20 100 Td (${options.literal}) Tj ET`)));
  options.edit?.(doc);
  return doc.save({ useObjectStreams: options.objectStreams ?? true });
}

/** A PDF whose catalog runs JavaScript when opened (inside a compressed object stream unless `objectStreams` is false). */
export function makeJavaScriptPdf(objectStreams = true): Promise<Uint8Array> {
  return makePdf({
    objectStreams,
    edit: (doc) => {
      const action = doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: doc.context.obj('app.alert(1)') as never });
      doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
    },
  });
}

/** Concatenate byte arrays. */
export const concat = (...parts: (Uint8Array | string)[]): Uint8Array => new Uint8Array(Buffer.concat(parts.map((p) => (typeof p === 'string' ? enc(p) : p))));

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** A `width` x `height` RGB PNG (filter 0 rows); `chunks` adds chunks before IEND; `claim` states other dimensions in IHDR. */
export function makePng(width = 4, height = 3, chunks: [string, Buffer][] = [], claim?: [number, number]): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(claim?.[0] ?? width, 0);
  ihdr.writeUInt32BE(claim?.[1] ?? height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) for (let x = 0; x < width * 3; x++) raw[y * (1 + width * 3) + 1 + x] = (x * 40 + y * 7) & 0xff;
  return new Uint8Array(Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    ...chunks.map(([t, d]) => pngChunk(t, d)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]));
}

/** A `width` x `height` baseline JPEG made by jpeg-js. */
export function makeJpeg(width = 16, height = 8): Uint8Array {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([(i * 3) & 0xff, (i * 5) & 0xff, 128, 255], i);
  return new Uint8Array(encodeJpeg({ width, height, data }, 80).data);
}

/**
 * A `width` x `height` GIF89a with a 4-colour table, LZW-coded with a clear code every two pixels (so
 * codes stay 3 bits); `afterHeader` replaces the screen width bytes (polyglots put `/*` there).
 */
export function makeGif(width = 5, height = 4, options: { screen?: [number, number]; pixels?: number } = {}): Uint8Array {
  const [sw, sh] = options.screen ?? [width, height];
  const head = Buffer.alloc(13);
  head.write('GIF89a', 0, 'latin1');
  head.writeUInt16LE(sw, 6);
  head.writeUInt16LE(sh, 8);
  head[10] = 0x80 | 0x01; // global table of 4 colours
  const table = Buffer.from([0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255]);
  const desc = Buffer.alloc(10);
  desc[0] = 0x2c;
  desc.writeUInt16LE(width, 5);
  desc.writeUInt16LE(height, 7);
  const codes: number[] = [];
  const n = options.pixels ?? width * height;
  for (let i = 0; i < n; i++) {
    if (i % 2 === 0) codes.push(4); // clear
    codes.push(i % 4);
  }
  codes.push(5); // end
  const packed: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const c of codes) {
    acc |= c << bits;
    bits += 3;
    while (bits >= 8) {
      packed.push(acc & 0xff);
      acc >>= 8;
      bits -= 8;
    }
  }
  if (bits) packed.push(acc & 0xff);
  const blocks: number[] = [];
  for (let i = 0; i < packed.length; i += 255) {
    const part = packed.slice(i, i + 255);
    blocks.push(part.length, ...part);
  }
  return new Uint8Array(Buffer.concat([head, table, desc, Buffer.from([2, ...blocks, 0, 0x3b])]));
}

/** A ZIP of `files` (deflated), as office programs write them. */
export function makeZip(files: Record<string, string | Buffer>): Uint8Array {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(crc32(data), 16);
    dir.writeUInt32LE(packed.length, 20);
    dir.writeUInt32LE(data.length, 24);
    dir.writeUInt16LE(nameBytes.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    central.push(dir, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8);
  end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, dirBytes, end]));
}

const RELS = '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>';
const types = (main: string, extra = '') =>
  `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/x" ContentType="${main}"/>${extra}</Types>`;

/** A minimal .docx (extra members may be added, e.g. a macro project). */
export const makeDocx = (extra: Record<string, string | Buffer> = {}): Uint8Array =>
  makeZip({
    '[Content_Types].xml': types('application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'),
    '_rels/.rels': RELS,
    'word/document.xml': '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
    ...extra,
  });

/** A minimal .xlsx. */
export const makeXlsx = (): Uint8Array =>
  makeZip({
    '[Content_Types].xml': types('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'),
    '_rels/.rels': RELS,
    'xl/workbook.xml': '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
  });

/** A compound file with the given streams (e.g. `WordDocument` for .doc, `Workbook` for .xls), written by cfb. */
export function makeCompound(streams: Record<string, Buffer>): Uint8Array {
  const c = CFB.utils.cfb_new();
  for (const [name, data] of Object.entries(streams)) CFB.utils.cfb_add(c, name, data);
  return new Uint8Array(CFB.write(c, { type: 'buffer' }) as Buffer);
}

/** A .doc-shaped compound file. */
export const makeDoc = (): Uint8Array => makeCompound({ WordDocument: Buffer.alloc(5000, 7) });
/** An .xls-shaped compound file. */
export const makeXls = (): Uint8Array => makeCompound({ Workbook: Buffer.alloc(5000, 9) });

/** A PNG with the given header fields and IDAT data (`chunks` before IEND), for images whose data a test builds itself. */
export function pngOf(header: { width: number; height: number; depth: number; colour: number }, idat: Buffer, chunks: [string, Buffer][] = []): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(header.width, 0);
  ihdr.writeUInt32BE(header.height, 4);
  ihdr.set([header.depth, header.colour, 0, 0, 0], 8);
  return new Uint8Array(Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    ...chunks.map(([t, d]) => pngChunk(t, d)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]));
}

/** `total` zero bytes deflated (zlib format) without holding them: how decompression bombs are made. */
export async function deflatedZeros(total: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const ended = once(deflate, 'end');
  const zeros = Buffer.alloc(1 << 20);
  for (let left = total; left > 0; left -= zeros.length) {
    if (!deflate.write(left >= zeros.length ? zeros : zeros.subarray(0, left))) await once(deflate, 'drain');
  }
  deflate.end();
  await ended;
  return Buffer.concat(out);
}

/**
 * The attacker's PNG bomb: a 16-bit RGB image of `width` x `height` (6000 x 5000: 180 MB of scanlines)
 * whose zero-filled data deflates to about 0.1% of that.
 */
export async function makePngBomb(width = 6000, height = 5000): Promise<Uint8Array> {
  return pngOf({ width, height, depth: 16, colour: 2 }, await deflatedZeros(height * (1 + width * 6)));
}

/** A JPEG whose frame header claims `width` x `height` (its data stays that of a small image): refused from the header alone. */
export function withJpegSize(jpeg: Uint8Array, width: number, height: number): Uint8Array {
  const out = jpeg.slice();
  for (let p = 2; p < out.length; ) {
    const marker = out[p + 1];
    const length = (out[p + 2] << 8) | out[p + 3];
    if (marker === 0xc0 || marker === 0xc2) {
      out.set([height >> 8, height & 0xff, width >> 8, width & 0xff], p + 5);
      return out;
    }
    p += 2 + length;
  }
  throw new Error('no frame header');
}

/** A JPEG with `segments` (marker, body) inserted after its SOI, e.g. a comment (0xFE) or an APP1 (0xE1). */
export function jpegWith(jpeg: Uint8Array, segments: [number, Buffer][]): Uint8Array {
  const parts = segments.map(([marker, body]) => Buffer.concat([Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff]), body]));
  return new Uint8Array(Buffer.concat([jpeg.subarray(0, 2), ...parts, jpeg.subarray(2)]));
}

/** A GIF with a comment extension holding `text` after its colour table. */
export function gifWithComment(text: string): Uint8Array {
  const gif = makeGif();
  const body = Buffer.from(text, 'latin1');
  const blocks: number[] = [];
  for (let i = 0; i < body.length; i += 255) {
    const part = body.subarray(i, i + 255);
    blocks.push(part.length, ...part);
  }
  return new Uint8Array(Buffer.concat([gif.subarray(0, 25), Buffer.from([0x21, 0xfe, ...blocks, 0]), gif.subarray(25)]));
}
