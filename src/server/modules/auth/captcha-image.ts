import crypto from 'node:crypto';
import zlib from 'node:zlib';

/** The image the JeecgBoot clients lay out: 105×35 pixels (protocol §2.1). */
export const CAPTCHA_WIDTH = 105;
export const CAPTCHA_HEIGHT = 35;

/**
 * Characters a person cannot confuse, shown in upper case (the comparison ignores case): no 0/O/Q/D,
 * 1/I/L, 2/Z, 5/S, 6/G, 8/B or U/V pairs.
 */
export const CAPTCHA_ALPHABET = 'ACEFHJKMNPRTWXY34679';

/** A 5×7 bitmap per character, one string per row, `#` for ink. */
const FONT: Record<string, string[]> = {
  A: ['.###.', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  C: ['.###.', '#...#', '#....', '#....', '#....', '#...#', '.###.'],
  E: ['#####', '#....', '#....', '####.', '#....', '#....', '#####'],
  F: ['#####', '#....', '#....', '####.', '#....', '#....', '#....'],
  H: ['#...#', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  J: ['..###', '...#.', '...#.', '...#.', '...#.', '#..#.', '.##..'],
  K: ['#...#', '#..#.', '#.#..', '##...', '#.#..', '#..#.', '#...#'],
  M: ['#...#', '##.##', '#.#.#', '#.#.#', '#...#', '#...#', '#...#'],
  N: ['#...#', '#...#', '##..#', '#.#.#', '#..##', '#...#', '#...#'],
  P: ['####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
  R: ['####.', '#...#', '#...#', '####.', '#.#..', '#..#.', '#...#'],
  T: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '..#..'],
  W: ['#...#', '#...#', '#...#', '#.#.#', '#.#.#', '#.#.#', '.#.#.'],
  X: ['#...#', '#...#', '.#.#.', '..#..', '.#.#.', '#...#', '#...#'],
  Y: ['#...#', '#...#', '.#.#.', '..#..', '..#..', '..#..', '..#..'],
  '3': ['#####', '...#.', '..#..', '...#.', '....#', '#...#', '.###.'],
  '4': ['...#.', '..##.', '.#.#.', '#..#.', '#####', '...#.', '...#.'],
  '6': ['..##.', '.#...', '#....', '####.', '#...#', '#...#', '.###.'],
  '7': ['#####', '....#', '...#.', '..#..', '.#...', '.#...', '.#...'],
  '9': ['.###.', '#...#', '#...#', '.####', '....#', '...#.', '.##..'],
};

type Rgb = [number, number, number];

/** Random numbers for the drawing only (the code itself comes from crypto.randomInt). */
const rand = (min: number, max: number) => min + Math.random() * (max - min);
const randInt = (min: number, max: number) => Math.floor(rand(min, max + 1));

class Canvas {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
  }

  set(x: number, y: number, [r, g, b]: Rgb) {
    const xi = Math.round(x);
    const yi = Math.round(y);
    if (xi < 0 || yi < 0 || xi >= this.width || yi >= this.height) return;
    const i = (yi * this.width + xi) * 3;
    this.pixels[i] = r;
    this.pixels[i + 1] = g;
    this.pixels[i + 2] = b;
  }

  line(x0: number, y0: number, x1: number, y1: number, color: Rgb) {
    const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1);
    for (let s = 0; s <= steps; s++)
      this.set(x0 + ((x1 - x0) * s) / steps, y0 + ((y1 - y0) * s) / steps, color);
  }

  /** One glyph scaled and rotated about its centre, drawn by sampling the bitmap under each pixel. */
  glyph(rows: string[], cx: number, cy: number, scale: number, angle: number, shear: number, color: Rgb) {
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const reach = Math.ceil(scale * 5);
    for (let y = Math.floor(cy - reach); y <= cy + reach; y++) {
      for (let x = Math.floor(cx - reach); x <= cx + reach; x++) {
        const dx = x - cx;
        const dy = y - cy;
        const v = (-dx * sin + dy * cos) / scale + 3.5;
        const u = (dx * cos + dy * sin) / scale + 2.5 - shear * (v - 3.5);
        if (u < 0 || v < 0 || u >= 5 || v >= 7) continue;
        if (rows[Math.floor(v)][Math.floor(u)] === '#') this.set(x, y, color);
      }
    }
  }
}

/**
 * Draws the code as a PNG: a light background, each character in its own dark colour with a random
 * size, tilt, slant and offset, crossed by thin lines and sprinkled with dots.
 */
export function captchaPng(code: string): Buffer {
  const canvas = new Canvas(CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  const bg: Rgb = [randInt(232, 250), randInt(232, 250), randInt(232, 250)];
  for (let y = 0; y < canvas.height; y++) {
    for (let x = 0; x < canvas.width; x++) {
      const shade = Math.round((x / canvas.width) * 8);
      canvas.set(x, y, [bg[0] - shade, bg[1] - shade, bg[2]]);
    }
  }
  for (let i = 0; i < 60; i++)
    canvas.set(randInt(0, canvas.width - 1), randInt(0, canvas.height - 1), [
      randInt(80, 200),
      randInt(80, 200),
      randInt(80, 200),
    ]);
  const slot = (canvas.width - 12) / code.length;
  [...code].forEach((ch, i) => {
    const rows = FONT[ch.toUpperCase()];
    if (!rows) throw new Error(`验证码字符不在字库中：${ch}`);
    const color: Rgb = [randInt(10, 120), randInt(10, 120), randInt(10, 120)];
    canvas.glyph(
      rows,
      6 + slot * (i + 0.5) + rand(-2, 2),
      canvas.height / 2 + rand(-3, 3),
      rand(2.7, 3.2),
      rand(-0.25, 0.25),
      rand(-0.2, 0.2),
      color,
    );
  });
  // Lighter than the characters, so a line never reads as a stroke.
  for (let i = 0; i < 3; i++) {
    const color: Rgb = [randInt(120, 200), randInt(120, 200), randInt(120, 200)];
    canvas.line(
      randInt(0, 20),
      randInt(0, canvas.height - 1),
      randInt(canvas.width - 20, canvas.width - 1),
      randInt(0, canvas.height - 1),
      color,
    );
  }
  return encodePng(canvas.width, canvas.height, canvas.pixels);
}

/** A data URL the clients put straight into `<img src>`. */
export function captchaDataUrl(code: string): string {
  return `data:image/png;base64,${captchaPng(code).toString('base64')}`;
}

/** A random code from the alphabet (crypto-grade: the code is a secret until it is typed). */
export function randomCaptchaCode(length = 4): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CAPTCHA_ALPHABET[crypto.randomInt(CAPTCHA_ALPHABET.length)];
  return code;
}

/** 8-bit RGB PNG: signature, IHDR, one zlib IDAT (filter 0 on every row), IEND. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0;
    raw.set(rgb.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: truecolour
  ihdr[10] = 0; // deflate
  ihdr[11] = 0; // adaptive filtering
  ihdr[12] = 0; // no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** The CRC-32 of PNG chunks (ISO 3309; Node 20.15+ has zlib.crc32, older 20.x does not). */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
