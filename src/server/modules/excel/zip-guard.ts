import zlib from 'node:zlib';
import { bizError } from '../../http/errors.js';
import { MAX_UNPACKED_BYTES, UNPACKED_TOO_LARGE_MESSAGE, UNREADABLE_MESSAGE } from './import-limits.js';

/** One file inside a zip, as its central directory declares it. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  /** The declared unpacked size; a crafted file may lie, so unpacking counts the bytes itself. */
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
/** An .xlsx has a few dozen parts; thousands of entries are not a workbook. */
const MAX_ENTRIES = 10_000;

const unreadable = () => bizError(UNREADABLE_MESSAGE);

/**
 * The entries of a zip held in memory, read from its central directory only (nothing is unpacked).
 * Encrypted entries, ZIP64 and compression methods other than stored/deflate are refused: Excel
 * writes none of them.
 */
export function zipEntries(buf: Buffer): Map<string, ZipEntry> {
  // The end record is the last 22 bytes plus a comment of at most 65,535 bytes.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--)
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw unreadable();
  const count = buf.readUInt16LE(eocd + 10);
  const dirOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || dirOffset === 0xffffffff || count > MAX_ENTRIES) throw unreadable();
  const entries = new Map<string, ZipEntry>();
  let p = dirOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL) throw unreadable();
    const flags = buf.readUInt16LE(p + 8);
    const nameLength = buf.readUInt16LE(p + 28);
    const end = p + 46 + nameLength + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
    if (end > buf.length) throw unreadable();
    const entry: ZipEntry = {
      name: buf.toString('utf8', p + 46, p + 46 + nameLength),
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      size: buf.readUInt32LE(p + 24),
      localOffset: buf.readUInt32LE(p + 42),
    };
    if (flags & 1 || (entry.method !== STORED && entry.method !== DEFLATED)) throw unreadable();
    if (entry.compressedSize === 0xffffffff || entry.size === 0xffffffff) throw unreadable();
    entries.set(entry.name, entry);
    p = end;
  }
  return entries;
}

/** The unpacked bytes left for one file's parts; every part read draws on the same budget. */
export class UnpackBudget {
  private left = MAX_UNPACKED_BYTES;

  /** Refuses up front when the parts' declared sizes already exceed the budget. */
  checkDeclared(entries: Array<ZipEntry | undefined>) {
    const declared = entries.reduce((sum, e) => sum + (e?.size ?? 0), 0);
    if (declared > this.left) throw bizError(UNPACKED_TOO_LARGE_MESSAGE);
  }

  take(bytes: number) {
    this.left -= bytes;
    if (this.left < 0) throw bizError(UNPACKED_TOO_LARGE_MESSAGE);
  }
}

/**
 * The unpacked content of one entry, chunk by chunk, inflated as it is read: a reader that stops
 * early (the row limit) never inflates the rest. Every chunk is charged to the budget, so a bomb
 * whose directory lies about its size is stopped at the budget, not at the end of its gigabyte.
 */
export async function* unpack(buf: Buffer, entry: ZipEntry, budget: UnpackBudget): AsyncGenerator<Buffer> {
  const at = entry.localOffset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL) throw unreadable();
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  if (start + entry.compressedSize > buf.length) throw unreadable();
  const packed = buf.subarray(start, start + entry.compressedSize);
  if (entry.method === STORED) {
    budget.take(packed.length);
    yield packed;
    return;
  }
  const inflate = zlib.createInflateRaw({ chunkSize: 64 * 1024 });
  inflate.end(packed);
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      budget.take(chunk.length);
      yield chunk;
    }
  } catch (err) {
    throw err instanceof Error && 'errno' in err ? unreadable() : err;
  } finally {
    inflate.destroy();
  }
}
