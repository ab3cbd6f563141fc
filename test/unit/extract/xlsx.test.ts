import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dateKind, excelDate } from '../../../src/extract/spreadsheet-dates.js';
import { MAX_SHEET_ROWS, xlsxExtractor } from '../../../src/extract/xlsx.js';
import { SHARED_FILES, buildZip, makeContext, makeInput } from './fixtures.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

/** A hand-built workbook: sheets as lists of <row> XML, shared strings, and styles (0 general, 1 date, 2 time, 3 custom date). */
function workbook(sheets: { name: string; rows: string }[], shared: string[] = []): Buffer {
  const rels = sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`);
  return buildZip([
    { name: '[Content_Types].xml', data: '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>' },
    { name: 'xl/workbook.xml', data: `<workbook ${NS}><sheets>${sheets.map((s, i) => `<sheet name="${s.name}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>` },
    { name: 'xl/_rels/workbook.xml.rels', data: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>` },
    { name: 'xl/sharedStrings.xml', data: `<sst ${NS}>${shared.map((s) => `<si><t>${s}</t></si>`).join('')}<si><r><t>Rich </t></r><r><t>text</t></r><rPh><t>phonetic</t></rPh></si></sst>` },
    {
      name: 'xl/styles.xml',
      data: `<styleSheet ${NS}><numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy\\ hh:mm"/></numFmts><cellXfs count="5"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="20"/><xf numFmtId="164"/><xf numFmtId="10"/></cellXfs></styleSheet>`,
    },
    ...sheets.map((s, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, data: `<worksheet ${NS}><sheetData>${s.rows}</sheetData></worksheet>` })),
  ]);
}

describe('xlsx extractor', () => {
  it('renders each sheet as a titled table with strings, numbers, booleans and dates', async () => {
    const rows = [
      '<row r="2"><c r="B2" t="s"><v>0</v></c><c r="C2" t="s"><v>1</v></c><c r="D2" t="s"><v>2</v></c><c r="E2" t="s"><v>3</v></c></row>',
      '<row r="3"><c r="B3" t="inlineStr"><is><t>Widget</t></is></c><c r="C3"><v>0.30000000000000004</v></c><c r="D3" t="b"><v>1</v></c><c r="E3" s="1"><v>45352</v></c></row>',
      '<row r="5"><c r="B5" t="s"><v>4</v></c><c r="C5"><v>12</v></c><c r="D5" t="b"><v>0</v></c><c r="E5" s="3"><v>45352.5</v></c><c r="G5"/></row>',
      '<row r="6"><c r="B6" t="str"><v>formula text</v></c><c r="C6" s="4"><v>0.125</v></c><c r="E6" s="2"><v>0.75</v></c></row>',
    ].join('');
    const ctx = makeContext();
    const out = await xlsxExtractor.extract(
      makeInput(
        workbook(
          [
            { name: 'Stock & Prices', rows },
            { name: 'Empty', rows: '' },
          ],
          ['Item', 'Price', 'In stock', 'Since'],
        ),
        XLSX,
      ),
      ctx,
    );
    expect(out.content).toBe(
      [
        '## Stock & Prices',
        '',
        '| Item | Price | In stock | Since |',
        '| --- | --- | --- | --- |',
        '| Widget | 0.3 | TRUE | 2024-03-01 |',
        '| Rich text | 12 | FALSE | 2024-03-01 12:00 |',
        '| formula text | 12.5% |  | 18:00 |',
        '',
        '## Empty',
        '',
        '_(empty sheet)_',
      ].join('\n'),
    );
    expect(ctx.events.map((e) => e.done)).toEqual([1, 2]);
  });

  it('caps the rows of a sheet and says how many were left out', async () => {
    const n = MAX_SHEET_ROWS + 25;
    const rows = Array.from({ length: n }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`).join('');
    const out = await xlsxExtractor.extract(makeInput(workbook([{ name: 'Big', rows }]), XLSX), makeContext());
    expect(out.content).toContain(`| ${MAX_SHEET_ROWS - 1} |`);
    expect(out.content).not.toContain(`| ${MAX_SHEET_ROWS} |`);
    expect(out.content).toContain('_(25 more rows not shown');
  });

  it('fails with EMPTY_CONTENT when no sheet has a value, FILE_CORRUPT when it is not a workbook', async () => {
    await expect(xlsxExtractor.extract(makeInput(workbook([{ name: 'A', rows: '<row r="1"><c r="A1"/></row>' }]), XLSX), makeContext())).rejects.toMatchObject({ code: 'EMPTY_CONTENT' });
    await expect(xlsxExtractor.extract(makeInput(buildZip([{ name: 'x.xml', data: '<x/>' }]), XLSX), makeContext())).rejects.toMatchObject({ code: 'FILE_CORRUPT' });
  });

  it.skipIf(!fs.existsSync(SHARED_FILES))('extracts markitdown_test.xlsx with sheet names (manifest phrases)', async () => {
    const out = await xlsxExtractor.extract(makeInput(fs.readFileSync(path.join(SHARED_FILES, 'markitdown_test.xlsx')), XLSX), makeContext());
    for (const phrase of ['6ff4173b-42a5-4784-9b19-f49caff4d93d', 'affc7dad-52dc-4b98-9b5d-51e65d8a8ad0', 'Gamma']) expect(out.content).toContain(phrase);
    expect(out.content).toContain('## 09060124-b5e7-4717-9d07-3c046eb');
    expect(out.content).toContain('| Alpha | Beta | Gamma | Delta |');
  });
});

describe('spreadsheet dates', () => {
  it('recognises date and time number formats, not plain numbers', () => {
    expect(dateKind(14)).toBe('date');
    expect(dateKind(21)).toBe('time');
    expect(dateKind(0)).toBeNull();
    expect(dateKind(164, 'yyyy-mm-dd')).toBe('date');
    expect(dateKind(164, 'mmm d')).toBe('date');
    expect(dateKind(164, 'h:mm')).toBe('time');
    expect(dateKind(164, 'mm:ss')).toBe('time');
    expect(dateKind(164, '[h]:mm:ss')).toBe('time');
    expect(dateKind(164, 'dd/mm/yyyy hh:mm')).toBe('datetime');
    expect(dateKind(164, '#,##0.00')).toBeNull();
    expect(dateKind(164, '[Red]0.00')).toBeNull();
    expect(dateKind(164, '0.0 "days"')).toBeNull();
  });

  it('converts serials in the 1900 and 1904 systems', () => {
    expect(excelDate(1, false, 'date')).toBe('1900-01-01');
    expect(excelDate(61, false, 'date')).toBe('1900-03-01');
    expect(excelDate(45352, false, 'date')).toBe('2024-03-01');
    expect(excelDate(43890, true, 'date')).toBe('2024-03-01');
    expect(excelDate(0.5, false, 'time')).toBe('12:00');
  });
});
