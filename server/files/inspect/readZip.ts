/** A strict reader of a ZIP container's central directory (no ZIP64, no encryption), for checking office files. */
import { crc32, inflateRawSync } from 'node:zlib';

/** One member of the archive. */
export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  /** Offset of the member's data (after its local header). */
  dataStart: number;
}

/** The archive's members, or the reason it is not a well-formed ZIP whose every byte belongs to it. */
export function readZipDirectory(buf: Buffer): ZipEntry[] | string {
  const min = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let p = buf.length - 22; p >= min; p--) {
    if (buf.readUInt32LE(p) === 0x06054b50 && p + 22 + buf.readUInt16LE(p + 20) === buf.length) {
      eocd = p;
      break;
    }
  }
  if (eocd === -1) return 'no end of central directory at the end of the file';
  const count = buf.readUInt16LE(eocd + 10);
  const dirSize = buf.readUInt32LE(eocd + 12);
  const dirStart = buf.readUInt32LE(eocd + 16);
  if (buf.readUInt16LE(eocd + 4) !== 0 || buf.readUInt16LE(eocd + 8) !== count) return 'multi-disk archives are not accepted';
  if (count === 0xffff || dirStart === 0xffffffff || dirStart + dirSize !== eocd) return 'central directory is not where the end record says';
  const entries: ZipEntry[] = [];
  let p = dirStart;
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== 0x02014b50) return `central directory entry ${i} is malformed`;
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const crc = buf.readUInt32LE(p + 16);
    const compressedSize = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLength);
    p += 46 + nameLength + extraLength + commentLength;
    if (compressedSize === 0xffffffff || size === 0xffffffff || local === 0xffffffff) return 'ZIP64 archives are not accepted';
    if (local + 30 > dirStart || buf.readUInt32LE(local) !== 0x04034b50) return `'${name}' has no local header`;
    const localName = buf.toString('utf8', local + 30, local + 30 + buf.readUInt16LE(local + 26));
    if (localName !== name) return `'${name}' differs from its local header ('${localName}')`;
    const dataStart = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (dataStart + compressedSize > dirStart) return `'${name}' runs into the central directory`;
    entries.push({ name, method, flags, crc, compressedSize, size, dataStart });
  }
  if (p !== eocd) return 'central directory size does not match its entries';
  return entries;
}

/** The member's bytes, checked against its size and CRC-32; a string when they do not check out. */
export function readZipEntry(buf: Buffer, entry: ZipEntry): Buffer | string {
  if (entry.flags & 1) return `'${entry.name}' is encrypted`;
  const data = buf.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  let out: Buffer;
  if (entry.method === 0) out = data;
  else if (entry.method === 8) {
    try {
      out = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.size) });
    } catch (e) {
      return `'${entry.name}' does not inflate (${(e as Error).message})`;
    }
  } else return `'${entry.name}' uses compression method ${entry.method}`;
  if (out.length !== entry.size) return `'${entry.name}' is ${out.length} bytes, its directory says ${entry.size}`;
  if (crc32(out) !== entry.crc) return `'${entry.name}' fails its CRC`;
  return out;
}
