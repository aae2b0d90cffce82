/**
 * Draws the demo avatars shipped in src/server/db/seed-avatars/ (run once: `npx tsx tools/draw-avatars.ts`).
 * Simple flat faces, no photographs and nothing downloaded: a coloured background, shoulders, a face and
 * hair, short for the `m-*` set and long for the `f-*` set. PNG because uploads refuse SVG (FILE-02).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const SIZE = 96;
const SAMPLES = 4;
type RGB = [number, number, number];

const hex = (h: string): RGB => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as RGB;
const BACKGROUNDS = [
  '#5b8ff9',
  '#61ddaa',
  '#f6bd16',
  '#7262fd',
  '#78d3f8',
  '#9661bc',
  '#f6903d',
  '#008685',
  '#f08bb4',
  '#6dc8ec',
];
const SKIN = ['#f5d0b0', '#eec19d', '#e0ac85', '#f8dcc4'];
const HAIR = ['#2b2b2b', '#3d2b1f', '#4a3526', '#1f1f2e', '#5a4032'];
const CLOTHES = ['#ffffff', '#2f54eb', '#13a8a8', '#597ef7', '#e6f4ff', '#36cfc9'];

interface Face {
  bg: RGB;
  skin: RGB;
  hair: RGB;
  clothes: RGB;
  long: boolean;
  glasses: boolean;
}

const inCircle = (x: number, y: number, cx: number, cy: number, r: number) =>
  (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const inEllipse = (x: number, y: number, cx: number, cy: number, rx: number, ry: number) =>
  ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;

/** The colour at one point: later layers paint over earlier ones. */
function paint(f: Face, x: number, y: number): RGB {
  let c = f.bg;
  if (f.long && inEllipse(x, y, 48, 50, 25, 30) && y > 30) c = f.hair;
  if (inEllipse(x, y, 48, 100, 34, 26)) c = f.clothes;
  if (x > 41 && x < 55 && y > 55 && y < 70) c = f.skin;
  if (inEllipse(x, y, 48, 43, 18, 21)) c = f.skin;
  const cap = inEllipse(x, y, 48, 37, 20, 18) && y < (f.long ? 32 : 30) + Math.abs(x - 48) * 0.25;
  if (cap) c = f.hair;
  if (inCircle(x, y, 41, 44, 2.2) || inCircle(x, y, 55, 44, 2.2)) c = [40, 40, 40];
  if (f.glasses) {
    const ring = (cx: number) => inCircle(x, y, cx, 44, 5.2) && !inCircle(x, y, cx, 44, 4.2);
    if (ring(41) || ring(55) || (y > 43.3 && y < 44.5 && x > 46 && x < 50)) c = [50, 50, 50];
  }
  const smile = inCircle(x, y, 48, 50, 7) && !inCircle(x, y, 48, 50, 5.6) && y > 53;
  if (smile) c = [190, 90, 80];
  return c;
}

function draw(f: Face): Buffer {
  const rows: Buffer[] = [];
  for (let py = 0; py < SIZE; py++) {
    const row = Buffer.alloc(1 + SIZE * 3);
    for (let px = 0; px < SIZE; px++) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy++)
        for (let sx = 0; sx < SAMPLES; sx++) {
          const c = paint(f, px + (sx + 0.5) / SAMPLES, py + (sy + 0.5) / SAMPLES);
          for (let k = 0; k < 3; k++) sum[k] += c[k];
        }
      for (let k = 0; k < 3; k++) row[1 + px * 3 + k] = Math.round(sum[k] / SAMPLES ** 2);
    }
    rows.push(row);
  }
  return png(SIZE, SIZE, Buffer.concat(rows));
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** RGB, 8 bits, rows already prefixed with filter 0. */
function png(width: number, height: number, filtered: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(filtered, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = path.resolve('src/server/db/seed-avatars');
fs.mkdirSync(out, { recursive: true });
const PER_SET = 8;
for (const long of [false, true])
  for (let i = 0; i < PER_SET; i++) {
    const n = i + (long ? 3 : 0);
    const face: Face = {
      bg: hex(BACKGROUNDS[(n * 3) % BACKGROUNDS.length]),
      skin: hex(SKIN[i % SKIN.length]),
      hair: hex(HAIR[(i * 2 + (long ? 1 : 0)) % HAIR.length]),
      clothes: hex(CLOTHES[(i + (long ? 2 : 0)) % CLOTHES.length]),
      long,
      glasses: i % 3 === 1,
    };
    const name = `${long ? 'f' : 'm'}-${String(i + 1).padStart(2, '0')}.png`;
    fs.writeFileSync(path.join(out, name), draw(face));
  }
console.log(`drew ${PER_SET * 2} avatars in ${out}`);
