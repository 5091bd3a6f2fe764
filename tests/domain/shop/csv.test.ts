import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CSV_BOM,
  type CsvColumn,
  csvChunks,
  csvHeader,
  csvRows,
  PAYMENTS_CSV_COLUMNS,
  type PaymentCsvRow,
  REPAIRS_CSV_COLUMNS,
  type RepairCsvRow,
} from '../../../src/domain/shop/csv';

/**
 * The shop's CSV exports (issue 18, 'Download CSV'): each file is parsed back with csv-parse and
 * compared with the data written (quoting, BOM, dates in IST, rupees, mobiles, IMEIs, neutralised
 * formulas), streamed chunks equal a one-shot write, and any text survives the round trip.
 */

function parseCsv(text: string): string[][] {
  return parse(text, { bom: true, relax_column_count: false }) as string[][];
}

async function collect(chunks: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const chunk of chunks) out.push(chunk);
  return out;
}

const repair: RepairCsvRow = {
  repairId: 'SMC-0042',
  receivedAt: new Date('2026-11-25T20:00:00Z'), // 01:30 on the 26th in India
  customerName: 'Sharma, "Raju" Kumar',
  customerMobile: '9876543210',
  device: 'Samsung Galaxy M31\nblue',
  imeiOrSerial: '490154203237518',
  problems: ['Screen', 'Battery'],
  status: 'Delivered',
  estimatePaise: 130000,
  finalAmountPaise: 145050,
  paidPaise: 100000,
  duePaise: 45050,
  deliveredAt: '2026-11-28',
};

const refund: PaymentCsvRow = {
  takenAt: Date.UTC(2026, 10, 26, 6, 0),
  repairId: 'SMC-0042',
  customerName: '=HYPERLINK("http://evil","x")',
  kind: 'Refund',
  mode: 'UPI',
  amountPaise: -50000,
  upiReference: '633412345678',
  takenBy: '@owner',
  note: null,
};

describe('csv writer', () => {
  it('writes the repairs export that csv-parse reads back as the data', () => {
    const text = csvHeader(REPAIRS_CSV_COLUMNS) + csvRows(REPAIRS_CSV_COLUMNS, [repair]);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, row, ...rest] = parseCsv(text);
    expect(rest).toEqual([]);
    expect(header).toEqual([
      'Repair ID',
      'Received date',
      'Customer',
      'Mobile',
      'Device',
      'IMEI / Serial',
      'Problems',
      'Status',
      'Estimate',
      'Final amount',
      'Paid',
      'Due',
      'Delivered date',
    ]);
    expect(row).toEqual([
      'SMC-0042',
      '2026-11-26',
      'Sharma, "Raju" Kumar',
      '9876543210',
      'Samsung Galaxy M31\nblue',
      '="490154203237518"',
      'Screen; Battery',
      'Delivered',
      '1300.00',
      '1450.50',
      '1000.00',
      '450.50',
      '2026-11-28',
    ]);
  });

  it('writes the payments export: a refund negative, formula-like text neutralised, empty for null', () => {
    const text = csvHeader(PAYMENTS_CSV_COLUMNS) + csvRows(PAYMENTS_CSV_COLUMNS, [refund]);
    const [header, row] = parseCsv(text);
    expect(header).toEqual([
      'Date',
      'Repair ID',
      'Customer',
      'Kind',
      'Mode',
      'Amount',
      'UPI Reference',
      'Taken by',
      'Note',
    ]);
    expect(row).toEqual([
      '2026-11-26',
      'SMC-0042',
      `'=HYPERLINK("http://evil","x")`,
      'Refund',
      'UPI',
      '-500.00',
      '633412345678',
      `'@owner`,
      '',
    ]);
  });

  it('neutralises every formula start in text columns only; numbers stay numbers', () => {
    type Row = { readonly t: string; readonly r: number; readonly m: string; readonly i: string };
    const columns: readonly CsvColumn<Row>[] = [
      { header: 't', kind: 'text', key: 't' },
      { header: 'r', kind: 'rupees', key: 'r' },
      { header: 'm', kind: 'mobile', key: 'm' },
      { header: 'i', kind: 'imei', key: 'i' },
    ];
    const starts = ['=1+1', '+91 98', '-2', '@SUM(A1)', '\tx', '\rx'];
    const rows = starts.map((t) => ({ t, r: -5, m: '+44 20 7946 0958', i: '-SN1' }));
    const parsed = parseCsv(csvRows(columns, rows));
    expect(parsed.map((row) => row[0])).toEqual(starts.map((t) => `'${t}`));
    expect(parsed.map((row) => row[1])).toEqual(starts.map(() => '-0.05'));
    expect(parsed.map((row) => row[2])).toEqual(starts.map(() => `'+44 20 7946 0958`));
    expect(parsed.map((row) => row[3])).toEqual(starts.map(() => `'-SN1`));
    expect(
      parseCsv(
        csvRows(columns, [
          { t: 'a=b', r: 7, m: '9', i: 'AB12' },
          { t: 'x', r: 0, m: '+91 98765-43210', i: '0012' },
        ]),
      ),
    ).toEqual([
      ['a=b', '0.07', '9', 'AB12'],
      ['x', '0.00', '9876543210', '="0012"'],
    ]);
  });

  it('writes dates as the day in India (IST, UTC+05:30)', () => {
    type Row = { readonly d: unknown };
    const columns: readonly CsvColumn<Row>[] = [{ header: 'd', kind: 'date', key: 'd' }];
    const days = [
      new Date('2026-03-31T18:29:59Z'), // 23:59:59 IST on 31 March
      new Date('2026-03-31T18:30:00Z'), // 00:00 IST on 1 April
      { seconds: Date.UTC(2026, 0, 1) / 1000, nanoseconds: 0 },
      '2026-12-31',
      null,
    ];
    expect(
      parseCsv(
        csvRows(
          columns,
          days.map((d) => ({ d })),
        ),
      ),
    ).toEqual([['2026-03-31'], ['2026-04-01'], ['2026-01-01'], ['2026-12-31'], ['']]);
  });

  it('streams page by page: the BOM only at the start, chunks joined equal a one-shot write', async () => {
    const pages = [
      [repair, { ...repair, repairId: 'SMC-0043' }],
      [],
      [{ ...repair, repairId: 'SMC-0044', estimatePaise: null }],
    ];
    async function* paged() {
      for (const page of pages) yield page;
    }
    const chunks = await collect(csvChunks(REPAIRS_CSV_COLUMNS, paged()));
    expect(chunks).toHaveLength(3); // header + two non-empty pages
    const joined = chunks.join('');
    expect(joined).toBe(csvHeader(REPAIRS_CSV_COLUMNS) + csvRows(REPAIRS_CSV_COLUMNS, pages.flat()));
    expect(joined.indexOf(CSV_BOM)).toBe(0);
    expect(joined.lastIndexOf(CSV_BOM)).toBe(0);
    expect(chunks.slice(1).every((chunk) => !chunk.includes(CSV_BOM))).toBe(true);
    const rows = parseCsv(joined);
    expect(rows.map((row) => row[0])).toEqual(['Repair ID', 'SMC-0042', 'SMC-0043', 'SMC-0044']);
    expect(rows[3]?.[8]).toBe('');
    expect(joined.replace(/"[^"]*"/g, '').match(/\r?\n/g)).toEqual(['\r\n', '\r\n', '\r\n', '\r\n']);
  });

  it('pulls a page only when the previous one is written (sync pages work too)', async () => {
    let pulled = 0;
    function* pages() {
      for (const id of ['SMC-1', 'SMC-2', 'SMC-3']) {
        pulled += 1;
        yield [{ ...repair, repairId: id }];
      }
    }
    const stream = csvChunks(REPAIRS_CSV_COLUMNS, pages());
    expect((await stream.next()).value).toBe(csvHeader(REPAIRS_CSV_COLUMNS));
    expect(pulled).toBe(0);
    const first = await stream.next();
    expect(pulled).toBe(1);
    expect(first.value).toBe(csvRows(REPAIRS_CSV_COLUMNS, [{ ...repair, repairId: 'SMC-1' }]));
    const rest = await collect(stream);
    expect(pulled).toBe(3);
    expect(rest.map((chunk) => parseCsv(chunk)[0]?.[0])).toEqual(['SMC-2', 'SMC-3']);
  });

  it('any text survives the round trip, apart from the neutralising apostrophe', () => {
    // Strings made mostly of the characters that matter to CSV and spreadsheets, and any Unicode.
    const tricky = fc.string({
      unit: fc.constantFrom(
        ',',
        '"',
        '\r',
        '\n',
        '=',
        '+',
        '-',
        '@',
        '\t',
        "'",
        ' ',
        'a',
        'ब',
        '₹',
        '\uFEFF',
      ),
    });
    type Row = { readonly a: string; readonly b: string };
    const columns: readonly CsvColumn<Row>[] = [
      { header: 'A, "one"', kind: 'text', key: 'a' },
      { header: 'B\r\nline', kind: 'text', key: 'b' },
    ];
    fc.assert(
      fc.property(
        fc.array(fc.record({ a: tricky, b: fc.string({ unit: 'binary' }) }), { maxLength: 8 }),
        (rows) => {
          const parsed = parseCsv(csvHeader(columns) + csvRows(columns, rows));
          expect(parsed[0]).toEqual(['A, "one"', 'B\r\nline']);
          const neutralised = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
          expect(parsed.slice(1)).toEqual(rows.map((row) => [neutralised(row.a), neutralised(row.b)]));
          for (const row of parsed.slice(1))
            for (const cell of row) expect(/^[=+\-@\t\r]/.test(cell)).toBe(false);
        },
      ),
    );
  });

  it('any paise amount comes back as its rupees with 2 decimals', () => {
    type Row = { readonly p: number };
    const columns: readonly CsvColumn<Row>[] = [{ header: 'p', kind: 'rupees', key: 'p' }];
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }), (p) => {
        const cell = parseCsv(csvRows(columns, [{ p }]))[0]?.[0] ?? '';
        expect(cell).toMatch(/^-?\d+\.\d{2}$/);
        expect(Math.round(Number(cell) * 100)).toBe(p);
      }),
    );
  });
});
