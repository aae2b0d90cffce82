import { ownField } from '../../../shared/own-field.js';

/**
 * The file kinds the server stores (security catalogue FILE-02): an extension allow-list without
 * svg/html/xml/scripts, and for each extension the magic bytes its content must start with, so a
 * renamed page or script is refused. Text kinds have no magic; they must simply not be binary or markup.
 */

export interface FileKind {
  mime: string;
  /** true when the content agrees with the extension. */
  matches(head: Buffer): boolean;
}

const startsWith =
  (...signatures: Array<number[]>) =>
  (head: Buffer) =>
    signatures.some((sig) => sig.every((byte, i) => head[i] === byte));

const ascii = (text: string, offset = 0) => (head: Buffer) => head.subarray(offset, offset + text.length).toString('latin1') === text;

const JPEG = startsWith([0xff, 0xd8, 0xff]);
const PNG = startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const GIF = (h: Buffer) => ascii('GIF87a')(h) || ascii('GIF89a')(h);
const ZIP = startsWith([0x50, 0x4b, 0x03, 0x04], [0x50, 0x4b, 0x05, 0x06]);
const OLE = startsWith([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const RIFF = (form: string) => (h: Buffer) => ascii('RIFF')(h) && ascii(form, 8)(h);
const ISO_MEDIA = ascii('ftyp', 4);
const MP3 = (h: Buffer) => ascii('ID3')(h) || (h[0] === 0xff && (h[1] & 0xe0) === 0xe0);

/** Plain text: no NUL bytes and no leading markup a browser might sniff as HTML. */
function plainText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  const start = head.subarray(0, 512).toString('utf8').replace(/^\uFEFF/, '').trimStart().toLowerCase();
  return !/^<(!doctype|html|script|svg|\?xml|body|head|iframe)/.test(start);
}

export const FILE_KINDS: Record<string, FileKind> = {
  jpg: { mime: 'image/jpeg', matches: JPEG },
  jpeg: { mime: 'image/jpeg', matches: JPEG },
  png: { mime: 'image/png', matches: PNG },
  gif: { mime: 'image/gif', matches: GIF },
  bmp: { mime: 'image/bmp', matches: ascii('BM') },
  webp: { mime: 'image/webp', matches: RIFF('WEBP') },
  pdf: { mime: 'application/pdf', matches: ascii('%PDF-') },
  doc: { mime: 'application/msword', matches: OLE },
  xls: { mime: 'application/vnd.ms-excel', matches: OLE },
  ppt: { mime: 'application/vnd.ms-powerpoint', matches: OLE },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', matches: ZIP },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', matches: ZIP },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', matches: ZIP },
  zip: { mime: 'application/zip', matches: ZIP },
  rar: { mime: 'application/vnd.rar', matches: ascii('Rar!\x1a\x07') },
  '7z': { mime: 'application/x-7z-compressed', matches: startsWith([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]) },
  txt: { mime: 'text/plain; charset=utf-8', matches: plainText },
  csv: { mime: 'text/csv; charset=utf-8', matches: plainText },
  mp4: { mime: 'video/mp4', matches: ISO_MEDIA },
  mov: { mime: 'video/quicktime', matches: ISO_MEDIA },
  webm: { mime: 'video/webm', matches: startsWith([0x1a, 0x45, 0xdf, 0xa3]) },
  avi: { mime: 'video/x-msvideo', matches: RIFF('AVI ') },
  mp3: { mime: 'audio/mpeg', matches: MP3 },
  wav: { mime: 'audio/wav', matches: RIFF('WAVE') },
};

/**
 * The extension of an uploader's file name, lower-cased, or '' when it has none or it is not a plain
 * word (trailing dots, NUL, `::$DATA` and the like never pass).
 */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(base);
  return m ? m[1].toLowerCase() : '';
}

/** The kind for a file name and its first bytes, or a Chinese reason for refusing it. */
export function classify(fileName: string, head: Buffer): { ext: string; kind: FileKind } | { error: string } {
  const ext = extensionOf(fileName);
  const kind = ext ? ownField(FILE_KINDS, ext) : undefined;
  if (!kind) return { error: `不支持的文件类型${ext ? `：.${ext}` : ''}` };
  if (head.length === 0) return { error: '文件内容为空' };
  if (!kind.matches(head)) return { error: `文件内容与扩展名 .${ext} 不符` };
  return { ext, kind };
}
