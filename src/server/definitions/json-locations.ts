/**
 * A strict JSON parser that remembers where each value is (JSON.parse forgets, and silently keeps the last
 * of two equal keys). Definition problems are reported at a JSON pointer; this turns the pointer into the
 * line and column an editor can jump to, and finds the duplicate keys a definition must not have.
 */

/** 1-based line and column (columns count UTF-16 code units, as editors do). */
export interface SourcePosition {
  line: number;
  column: number;
}

export interface DuplicateKey extends SourcePosition {
  /** Pointer of the repeated member. */
  pointer: string;
  key: string;
  /** Where the key first appeared. */
  first: SourcePosition;
}

export interface LocatedJson {
  data: unknown;
  /** JSON pointer → position: of the key for an object member, of the value for the root and array items. */
  positions: Map<string, SourcePosition>;
  duplicates: DuplicateKey[];
}

/** A JSON syntax error at a position, with a Chinese reason. */
export class JsonSyntaxError extends Error {
  constructor(
    readonly reason: string,
    readonly position: SourcePosition,
  ) {
    super(`第 ${position.line} 行第 ${position.column} 列：${reason}`);
  }
}

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

export function parseJsonWithLocations(text: string): LocatedJson {
  const positions = new Map<string, SourcePosition>();
  const duplicates: DuplicateKey[] = [];
  // A leading byte-order mark is what some Windows editors write; JSON.parse refuses it, so do we not.
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  // Start offset of each line, to turn an offset into line:column.
  const lineStarts = [0];
  for (let k = 0; k < text.length; k++) if (text[k] === '\n') lineStarts.push(k + 1);
  const at = (offset: number): SourcePosition => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - lineStarts[lo] + 1 };
  };
  const fail = (reason: string, offset = i): never => {
    throw new JsonSyntaxError(reason, at(offset));
  };
  const describe = (offset: number) =>
    offset >= text.length ? '文件意外结束' : `不应出现 ${JSON.stringify(text[offset])}`;
  const space = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r'))
      i++;
  };
  const expect = (ch: string, what: string) => {
    space();
    if (text[i] !== ch) fail(`应为 ${what}，${describe(i)}`);
    i++;
  };

  const string = (): string => {
    const start = i;
    i++; // opening quote
    let out = '';
    for (;;) {
      if (i >= text.length) fail('字符串没有结束引号', start);
      const ch = text[i];
      if (ch === '"') {
        i++;
        return out;
      }
      if (ch === '\\') {
        const e = text[i + 1];
        if (e === 'u') {
          const hex = text.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('\\u 后应为 4 位十六进制数', i);
          out += String.fromCharCode(parseInt(hex, 16));
          i += 6;
        } else if (e !== undefined && e in ESCAPES) {
          out += ESCAPES[e];
          i += 2;
        } else fail(`无效的转义 \\${e ?? ''}`, i);
      } else if (ch < ' ') fail('字符串中不能有换行或控制字符（换行请写 \\n）');
      else {
        out += ch;
        i++;
      }
    }
  };

  const value = (pointer: string): unknown => {
    space();
    if (!positions.has(pointer)) positions.set(pointer, at(i));
    const ch = text[i];
    if (ch === '{') {
      i++;
      const obj: Record<string, unknown> = {};
      const seen = new Map<string, SourcePosition>();
      space();
      if (text[i] === '}') {
        i++;
        return obj;
      }
      for (;;) {
        space();
        if (text[i] !== '"')
          fail(text[i] === '}' ? '最后一项后不能有逗号' : `属性名应为带双引号的字符串，${describe(i)}`);
        const keyAt = at(i);
        const key = string();
        const member = `${pointer}/${escapePointer(key)}`;
        const first = seen.get(key);
        if (first) duplicates.push({ pointer: member, key, first, ...keyAt });
        else {
          seen.set(key, keyAt);
          positions.set(member, keyAt);
        }
        expect(':', '":"');
        const v = value(member);
        // The last value wins, as with JSON.parse; the duplicate itself is reported.
        Object.defineProperty(obj, key, { value: v, enumerable: true, writable: true, configurable: true });
        space();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return obj;
        } else fail(`应为 "," 或 "}"，${describe(i)}`);
      }
    }
    if (ch === '[') {
      i++;
      const arr: unknown[] = [];
      space();
      if (text[i] === ']') {
        i++;
        return arr;
      }
      for (;;) {
        space();
        if (text[i] === ']') fail('最后一项后不能有逗号');
        arr.push(value(`${pointer}/${arr.length}`));
        space();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return arr;
        } else fail(`应为 "," 或 "]"，${describe(i)}`);
      }
    }
    if (ch === '"') return string();
    for (const [word, v] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const)
      if (text.startsWith(word, i)) {
        i += word.length;
        return v;
      }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (m && m[0] !== '-') {
      i += m[0].length;
      return Number(m[0]);
    }
    return fail(`应为一个值，${describe(i)}`);
  };

  const data = value('');
  space();
  if (i < text.length) fail(`值之后${describe(i)}`);
  return { data, positions, duplicates };
}

/** The position of a pointer, or of its nearest ancestor that exists (a missing property is reported at its parent). */
export function positionOf(
  positions: Map<string, SourcePosition>,
  pointer: string,
): SourcePosition | undefined {
  for (let p = pointer; ; p = p.slice(0, p.lastIndexOf('/'))) {
    const pos = positions.get(p);
    if (pos || p === '') return pos;
  }
}
