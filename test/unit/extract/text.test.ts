import fs from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { csvExtractor, sniffDelimiter } from '../../../src/extract/csv.js';
import { MAX_JSON_VALUES, jsonExtractor } from '../../../src/extract/json.js';
import { textExtractor } from '../../../src/extract/text.js';
import { MAX_SHEET_ROWS } from '../../../src/extract/xlsx.js';
import { SHARED_FILES, makeContext, makeInput } from './fixtures.js';

const GERMAN = 'Grüße aus München: Café, Crème brûlée und Äpfel für 5 € — naïve Façade.';
const JAPANESE = '日本語のテキストです。東京都は日本の首都です。これは文字コードのテストです。';

const text = (bytes: Buffer, mime = 'text/plain') => textExtractor.extract(makeInput(bytes, mime), makeContext());

describe('text extractor', () => {
  it.each([
    ['UTF-8', Buffer.from(GERMAN, 'utf8'), GERMAN],
    ['UTF-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(GERMAN, 'utf8')]), GERMAN],
    ['UTF-16LE with BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(GERMAN, 'utf16le')]), GERMAN],
    ['UTF-16BE with BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(GERMAN, 'utf16be')]), GERMAN],
    ['Windows-1252', iconv.encode(GERMAN, 'windows-1252'), GERMAN],
    ['ISO-8859-1', iconv.encode(GERMAN.replace(' €', '').replace('—', '-'), 'latin1'), GERMAN.replace(' €', '').replace('—', '-')],
    ['Shift_JIS', iconv.encode(JAPANESE, 'shift_jis'), JAPANESE],
  ])('decodes %s to UTF-8', async (_name, bytes, expected) => {
    expect((await text(bytes)).content).toBe(expected);
  });

  it('normalises line ends, control characters and composed forms', async () => {
    const out = await text(Buffer.from('Cafe\u0301 line one\r\nline\u0007 two  \r\n\r\n\r\n\r\n\r\nend\u00a0here'));
    expect(out.content).toBe('Café line one\nline two\n\n\nend here');
  });

  it('fails with EMPTY_CONTENT on blank files', async () => {
    await expect(text(Buffer.from(' \n\t\r\n'))).rejects.toMatchObject({ code: 'EMPTY_CONTENT' });
    await expect(text(Buffer.alloc(0))).rejects.toMatchObject({ code: 'EMPTY_CONTENT' });
  });

  it.skipIf(!fs.existsSync(SHARED_FILES))('keeps a markdown README as it is (manifest phrases)', async () => {
    const out = await text(fs.readFileSync(path.join(SHARED_FILES, 'readability_README.md')), 'text/markdown');
    for (const phrase of ['A standalone version of the readability library used for', 'npm install @mozilla/readability', 'maxElemsToParse']) expect(out.content).toContain(phrase);
  });
});

describe('csv extractor', () => {
  const csv = (bytes: Buffer, mime = 'text/csv') => csvExtractor.extract(makeInput(bytes, mime), makeContext());

  it('renders a CSV file as a markdown table, with quoted delimiters, newlines and pipes', async () => {
    const out = await csv(Buffer.from('name,city,note\n"Smith, Jane",Lisbon,"line one\nline two"\nBob,Porto,a|b\n'));
    expect(out.content).toBe('| name | city | note |\n| --- | --- | --- |\n| Smith, Jane | Lisbon | line one line two |\n| Bob | Porto | a\\|b |');
  });

  it('sniffs semicolons and decodes Windows-1252 (a European Excel export)', async () => {
    const out = await csv(iconv.encode('Stadt;Einwohner;Größe\r\nMünchen;1512491;310,7\r\nKöln;1084831;405,0\r\n', 'windows-1252'));
    expect(out.content).toBe('| Stadt | Einwohner | Größe |\n| --- | --- | --- |\n| München | 1512491 | 310,7 |\n| Köln | 1084831 | 405,0 |');
    expect(out.details).toMatchObject({ delimiter: ';', encoding: 'windows-1252' });
  });

  it('reads TSV and sniffs tabs and pipes', async () => {
    const out = await csv(Buffer.from('a\tb\n1\t2\n'), 'text/tab-separated-values');
    expect(out.content).toBe('| a | b |\n| --- | --- |\n| 1 | 2 |');
    expect(sniffDelimiter('a|b|c\n1|2|3\n')).toBe('|');
    expect(sniffDelimiter('a\tb, c\n1\t2, 3\n')).toBe('\t');
  });

  it('caps large files with a note and drops empty rows and columns', async () => {
    const rows = Array.from({ length: MAX_SHEET_ROWS + 10 }, (_, i) => `${i},,x${i}`).join('\n');
    const out = await csv(Buffer.from(`id,,value\n,,\n${rows}`));
    expect(out.content.startsWith('| id | value |\n| --- | --- |\n| 0 | x0 |')).toBe(true);
    expect(out.content).toContain('_(more rows not shown');
    expect(out.details).toMatchObject({ truncated: true });
  });
});

describe('json extractor', () => {
  const json = (s: string) => jsonExtractor.extract(makeInput(Buffer.from(s), 'application/json'), makeContext());

  it('renders one line per value with its key path', async () => {
    const out = await json(JSON.stringify({ title: 'Order 42', customer: { name: 'Ana', 'e-mail': 'a@x.pt', 'postal code': '1000-001' }, items: [{ sku: 'W-1', qty: 2 }], paid: true, note: null, tags: [] }));
    expect(out.content).toBe(
      ['title: Order 42', 'customer.name: Ana', 'customer.e-mail: a@x.pt', 'customer["postal code"]: 1000-001', 'items[0].sku: W-1', 'items[0].qty: 2', 'paid: true', 'note: null', 'tags: []'].join('\n'),
    );
    expect(out.title).toBe('Order 42');
  });

  it('reads JSON Lines and keeps text that is not JSON', async () => {
    expect((await json('{"a":1}\n{"a":2}\n')).content).toBe('[0].a: 1\n[1].a: 2');
    const notJson = await json('{ this is not json');
    expect(notJson.content).toBe('{ this is not json');
    expect(notJson.details).toMatchObject({ note: expect.stringContaining('not valid JSON') });
  });

  it('fails with EMPTY_CONTENT on an empty file', async () => {
    await expect(json('  ')).rejects.toMatchObject({ code: 'EMPTY_CONTENT' });
  });

  it('caps the number of values with a note counting the rest', async () => {
    const out = await json(JSON.stringify({ rows: Array.from({ length: MAX_JSON_VALUES + 5 }, (_, i) => ({ id: i })) }));
    expect(out.content).toContain(`rows[${MAX_JSON_VALUES - 1}].id: ${MAX_JSON_VALUES - 1}`);
    expect(out.content).not.toContain(`rows[${MAX_JSON_VALUES}].id`);
    expect(out.content).toContain('_(5 more values not shown');
  });
});
