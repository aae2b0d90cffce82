import { execFileSync } from 'node:child_process';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { multipartForm } from './multipart-form.js';

/**
 * Issue 11 item 15: an Excel import must not stall the server. A sheet claiming two million rows, zip
 * bombs, over-long cells and big legacy sheets are refused cleanly, with bounded memory, while other
 * requests keep answering (real HTTP on a real port, /health probed every 20 ms).
 */

const IMPORT = '/online/cgform/api/importXls/erp_customer';
const ROW_LIMIT = '文件导入失败:单个文件最多导入 5000 行数据';
const TOO_BIG = '文件导入失败:文件解压后超过 64 MB，无法导入，请删除多余的内容或分成多个文件';
const UNREADABLE = '文件导入失败:无法读取文件，请上传 Excel (.xls 或 .xlsx) 文件';
const MB = 1024 * 1024;

// ---- real .xlsx files written part by part ---------------------------------------------------------

interface Part {
  name: string;
  deflated: Buffer;
  crc: number;
  size: number;
  /** A size to declare instead of the true one (a lying zip bomb). */
  declaredSize?: number;
}

/**
 * A zip part whose text is pieces repeated many times. Each piece is deflated once, ending on a full
 * flush (which never refers back), so repeating its bytes repeats its text: a gigabyte costs one
 * compression of its piece, not a minute of deflate.
 */
function part(name: string, pieces: Array<[text: string | Buffer, times: number]>): Part {
  const chunks: Buffer[] = [];
  let crc = 0;
  let size = 0;
  for (const [text, times] of pieces) {
    const data = typeof text === 'string' ? Buffer.from(text) : text;
    const seg = zlib.deflateRawSync(data, { finishFlush: zlib.constants.Z_FULL_FLUSH });
    for (let i = 0; i < times; i++) {
      chunks.push(seg);
      crc = zlib.crc32(data, crc);
    }
    size += data.length * times;
  }
  chunks.push(Buffer.from([0x03, 0x00])); // the final, empty block
  return { name, deflated: Buffer.concat(chunks), crc, size };
}

function zipOf(parts: Part[]): Buffer {
  const body: Buffer[] = [];
  const dir: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const size = p.declaredSize ?? p.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(p.crc >>> 0, 14);
    local.writeUInt32LE(p.deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(p.crc >>> 0, 16);
    central.writeUInt32LE(p.deflated.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    body.push(local, name, p.deflated);
    dir.push(central, name);
    offset += 30 + name.length + p.deflated.length;
  }
  const directory = Buffer.concat(dir);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...body, directory, end]);
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** An .xlsx with the given sheet part (and optionally other parts, e.g. shared strings). */
function xlsx(sheet: Part, extra: Part[] = []): Buffer {
  return zipOf([
    part('[Content_Types].xml', [
      [
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '</Types>',
        1,
      ],
    ]),
    part('_rels/.rels', [
      [
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
        1,
      ],
    ]),
    part('xl/workbook.xml', [
      [
        `<?xml version="1.0" encoding="UTF-8"?><workbook ${NS} xmlns:r="${REL}"><sheets><sheet name="客户" sheetId="1" r:id="rId1"/></sheets></workbook>`,
        1,
      ],
    ]),
    part('xl/_rels/workbook.xml.rels', [
      [
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
        1,
      ],
    ]),
    ...extra,
    sheet,
  ]);
}

const SHEET_START = `<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}><sheetData>`;
const SHEET_END = '</sheetData></worksheet>';
const text = (v: string) => `<c t="inlineStr"><is><t>${v}</t></is></c>`;
const row = (...values: string[]) => `<row>${values.map(text).join('')}</row>`;
const HEADER = row('客户名称', '客户编号', '客户类型');

/** A gigabyte of one byte, deflated to about a megabyte. */
const GIGABYTE = 1024 * MB;
const bombPart = (name: string, byte: number, prefix = '') =>
  part(name, [
    [prefix, 1],
    [Buffer.alloc(16 * MB, byte), GIGABYTE / (16 * MB)],
  ]);

/**
 * A legacy .xls of `rows` data rows, written by SheetJS in a plain Node process: its BIFF writer runs
 * several times slower inside vitest's module transform.
 */
function bigLegacySheet(rows: number): Buffer {
  const script = `
    import * as XLSX from '@e965/xlsx';
    const rows = [['客户名称', '客户编号', '客户类型']];
    for (let i = 0; i < ${rows}; i++) rows.push(['旧版医院' + i, 'KH86' + i, '医院']);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), '客户');
    process.stdout.write(XLSX.write(book, { type: 'base64', bookType: 'biff8' }));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { maxBuffer: 64 * MB });
  return Buffer.from(out.toString(), 'base64');
}

// ---- the app on a real port ------------------------------------------------------------------------

describe.each(DIALECTS)('excel import hardening on $name', ({ url }) => {
  let t: TestApp;
  let liuyang: string;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp(url);
    liuyang = await t.login('liuyang');
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const customers = async () =>
    Number(
      (await sql<{ n: number }>`select count(*) as n from erp_customer`.execute(t.ctx.db.kysely)).rows[0].n,
    );

  /** Imports one file over HTTP; the reply's envelope. */
  async function upload(content: Buffer, name = 'customers.xlsx') {
    const form = multipartForm([
      { name: 'validateStatus', value: '1' },
      { name: 'files[]', file: { name, content } },
    ]);
    const res = await fetch(`${origin}${t.base}${IMPORT}`, {
      method: 'POST',
      headers: { ...form.headers, 'x-access-token': liuyang },
      body: form.payload,
    });
    return {
      status: res.status,
      body: (await res.json()) as { success: boolean; code: number; message: string },
    };
  }

  /**
   * Runs an import while /health is asked every 20 ms: the reply, the probes answered before the
   * import's reply, and the slowest probe, counting the one still under way when the import ended (a
   * stalled event loop answers it only afterwards: the original took 11.6 s).
   */
  async function importWhileProbing(content: Buffer, name?: string) {
    const latencies: number[] = [];
    let running = true;
    const probe = (async () => {
      while (running) {
        const t0 = performance.now();
        const res = await fetch(`${origin}/health`);
        await res.text();
        latencies.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    let reply: Awaited<ReturnType<typeof upload>>;
    let probes: number;
    try {
      reply = await upload(content, name);
      probes = latencies.length;
    } finally {
      running = false;
      await probe;
    }
    return { ...reply, probes, worst: Math.max(...latencies) };
  }

  it('imports hand-written .xlsx files, with numbered rows (as Excel writes) and without', async () => {
    const numbered = (n: number, ...values: string[]) =>
      `<row r="${n}">${values.map((v, i) => `<c r="${String.fromCharCode(65 + i)}${n}" t="inlineStr"><is><t>${v}</t></is></c>`).join('')}</row>`;
    const file = xlsx(
      part('xl/worksheets/sheet1.xml', [
        [
          SHEET_START +
            numbered(1, '客户名称', '客户编号', '客户类型') +
            numbered(2, '流式医院甲', 'KH830001', '医院') +
            numbered(4, '流式诊所乙', 'KH830002', '诊所') +
            SHEET_END,
          1,
        ],
      ]),
    );
    // The file is a real workbook: exceljs reads the same cells.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    expect(wb.worksheets[0].getRow(4).getCell(2).value).toBe('KH830002');
    expect((await upload(file)).body).toMatchObject({
      success: true,
      code: 200,
      message: '文件导入成功！数据行数：2',
    });
    // Row and cell numbers are optional in the format; the big sheets below leave them out.
    const plain = xlsx(
      part('xl/worksheets/sheet1.xml', [
        [SHEET_START + HEADER + row('流式药店丙', 'KH830003', '药店') + SHEET_END, 1],
      ]),
    );
    expect((await upload(plain)).body).toMatchObject({
      success: true,
      code: 200,
      message: '文件导入成功！数据行数：1',
    });
  });

  it('refuses a sheet of 2,000,000 rows at the row limit, unpacking only its beginning, while /health answers', async () => {
    const rows = 2_000_000;
    const file = xlsx(
      part('xl/worksheets/sheet1.xml', [
        [
          `${SHEET_START.replace('<sheetData>', `<dimension ref="A1:C${rows + 1}"/><sheetData>`)}${HEADER}`,
          1,
        ],
        [row('大文件医院', 'KH899999', '医院').repeat(10_000), rows / 10_000],
        [SHEET_END, 1],
      ]),
    );
    const sheetBytes =
      (rows / 10_000) * Buffer.byteLength(row('大文件医院', 'KH899999', '医院').repeat(10_000));
    // Small to upload, far beyond the unpack cap in full: the row-limit answer (not the size one)
    // shows reading stopped at the limit instead of unpacking everything.
    expect(file.length).toBeLessThan(2 * MB);
    expect(sheetBytes).toBeGreaterThan(200 * MB);
    const before = await customers();
    const rss = process.memoryUsage().rss;
    const res = await importWhileProbing(file);
    expect(res.body).toMatchObject({ success: false, code: 500, message: ROW_LIMIT });
    expect(res.status).toBe(200);
    expect(process.memoryUsage().rss - rss).toBeLessThan(200 * MB);
    expect(await customers()).toBe(before);
    expect(res.probes).toBeGreaterThan(0);
    expect(res.worst).toBeLessThan(1000);
  });

  it('imports 5,000 rows while other requests keep answering', async () => {
    const data = Array.from({ length: 5000 }, (_, i) =>
      row(`批量医院${i}`, `KH84${String(i).padStart(4, '0')}`, '医院'),
    );
    const file = xlsx(
      part('xl/worksheets/sheet1.xml', [[SHEET_START + HEADER + data.join('') + SHEET_END, 1]]),
    );
    const before = await customers();
    const res = await importWhileProbing(file);
    expect(res.body).toMatchObject({ success: true, message: '文件导入成功！数据行数：5000' });
    expect(await customers()).toBe(before + 5000);
    // Requests are answered during the import, not after it. No time bound here: past the sheet, the
    // rows' validation and inserts are database work whose timing on a loaded CI machine is noise.
    expect(res.probes).toBeGreaterThan(0);
  });

  it('refuses zip bombs before or while unpacking, with bounded memory', async () => {
    const before = await customers();
    const rss = process.memoryUsage().rss;
    // A gigabyte of shared texts declared honestly: refused from the zip directory, nothing unpacked.
    const declared = xlsx(part('xl/worksheets/sheet1.xml', [[SHEET_START + HEADER + SHEET_END, 1]]), [
      bombPart('xl/sharedStrings.xml', 0),
    ]);
    expect(declared.length).toBeLessThan(2 * MB);
    expect((await upload(declared)).body).toMatchObject({ success: false, code: 500, message: TOO_BIG });

    // A sheet of a gigabyte of blanks whose directory claims 1 KB: stopped by counting what inflates.
    const lying = bombPart('xl/worksheets/sheet1.xml', 0x20, SHEET_START + HEADER);
    lying.declaredSize = 1024;
    const res = await importWhileProbing(xlsx(lying));
    expect(res.body).toMatchObject({ success: false, code: 500, message: TOO_BIG });
    expect(res.worst).toBeLessThan(1000);

    // A sheet of a gigabyte of zero bytes: not XML, refused at its first bytes.
    const zeros = await upload(xlsx(bombPart('xl/worksheets/sheet1.xml', 0)));
    expect(zeros.body).toMatchObject({ success: false, code: 500, message: UNREADABLE });

    expect(process.memoryUsage().rss - rss).toBeLessThan(200 * MB);
    expect(await customers()).toBe(before);
  });

  it('refuses a cell longer than Excel allows, naming the limit', async () => {
    const before = await customers();
    const long = '长'.repeat(40_000);
    // Inline text: refused while the cell is read, with its position.
    const inline = xlsx(
      part('xl/worksheets/sheet1.xml', [
        [SHEET_START + HEADER + row('正常医院', long, '医院') + SHEET_END, 1],
      ]),
    );
    expect((await upload(inline)).body.message).toBe(
      '文件导入失败:第 2 行 B 列的单元格内容超过 32767 个字符（Excel 单元格的上限），无法导入',
    );
    // Shared text (as exceljs and Excel write it): refused while the shared texts are read.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('客户');
    ws.addRow(['客户名称', '客户编号']);
    ws.addRow([long, 'KH850001']);
    const shared = Buffer.from(await wb.xlsx.writeBuffer());
    expect((await upload(shared)).body.message).toBe(
      '文件导入失败:单元格内容超过 32767 个字符（Excel 单元格的上限），无法导入',
    );
    expect(await customers()).toBe(before);
  });

  it('reads a big legacy .xls in a worker: refused at the row limit while /health answers', async () => {
    const file = bigLegacySheet(20_000);
    expect(file.length).toBeGreaterThan(MB);
    const before = await customers();
    const res = await importWhileProbing(file, 'big.xls');
    expect(res.body).toMatchObject({ success: false, code: 500, message: ROW_LIMIT });
    expect(res.probes).toBeGreaterThan(0);
    expect(res.worst).toBeLessThan(1000);
    expect(await customers()).toBe(before);
  });

  it('refuses a file over the upload size, naming the limit', async () => {
    const res = await upload(Buffer.alloc(11 * MB, 1), 'huge.xlsx');
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, message: '文件大小超过限制（每个文件最大 10 MB）' });
  });
});
