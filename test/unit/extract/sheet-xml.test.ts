import { describe, expect, it } from 'vitest';
import { decodeEntities, scanRows, scanSharedStrings } from '../../../src/extract/sheet-xml.js';

describe('sheet-xml scanner', () => {
  it('reads cells of rows with or without a namespace prefix, self-closing rows and cells included', () => {
    const xml = `<x:worksheet xmlns:x="urn:x"><x:sheetData><x:row r="1"/><x:row r="2" spans="1:3"><x:c r="A2" s="3" t="s"><x:v>7</x:v></x:c><x:c r="B2"/><x:c r='C2' t="inlineStr"><x:is><x:r><x:t>Fish &amp; </x:t></x:r><x:r><x:t xml:space="preserve">chips</x:t></x:r></x:is></x:c></x:row></x:sheetData></x:worksheet>`;
    const rows: unknown[] = [];
    scanRows(xml, (row) => void rows.push({ hasValue: row.hasValue(), cells: row.cells() }));
    expect(rows).toEqual([
      { hasValue: false, cells: [] },
      {
        hasValue: true,
        cells: [
          { ref: 'A2', type: 's', style: '3', value: '7', inline: null },
          { ref: 'B2', type: undefined, style: undefined, value: '', inline: null },
          { ref: 'C2', type: 'inlineStr', style: undefined, value: '', inline: 'Fish & chips' },
        ],
      },
    ]);
  });

  it('stops when the callback returns false', () => {
    let seen = 0;
    scanRows('<row r="1"><c><v>1</v></c></row><row r="2"><c><v>2</v></c></row>', () => {
      seen++;
      return false;
    });
    expect(seen).toBe(1);
  });

  it('reads shared strings, rich runs joined, phonetic hints left out, empty items kept in place', () => {
    const xml = `<sst><si><t>Plain</t></si><si/><si><r><t>Ri</t></r><r><t>ch</t></r><rPh sb="0" eb="1"><t>ふりがな</t></rPh></si><si><t>&lt;tag&gt; &#233;&#x4E2D;</t></si></sst>`;
    expect(scanSharedStrings(xml)).toEqual(['Plain', '', 'Rich', '<tag> é中']);
  });

  it('decodes entities and CDATA, leaving unknown references alone', () => {
    expect(decodeEntities('a &amp;&quot;b&apos; <![CDATA[<raw> &amp;]]> &nbsp;')).toBe(`a &"b' <raw> &amp; &nbsp;`);
  });
});
