import fs from 'node:fs';
import path from 'node:path';
import { AlignmentType, Document, HeadingLevel, LevelFormat, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { docxExtractor } from '../../../src/extract/docx.js';
import { SHARED_FILES, buildZip, makeContext, makeInput } from './fixtures.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

async function sampleDocx(title?: string): Promise<Buffer> {
  const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });
  const doc = new Document({
    ...(title ? { title } : {}),
    numbering: {
      config: [{ reference: 'steps', levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START }] }],
    },
    sections: [
      {
        children: [
          new Paragraph({ text: 'Quarterly Plan', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ children: [new TextRun('Revenue grew by '), new TextRun({ text: 'twelve percent', bold: true }), new TextRun(' this quarter.')] }),
          new Paragraph({ text: 'Risks', heading: HeadingLevel.HEADING_2 }),
          new Paragraph({ text: 'Supplier delays', bullet: { level: 0 } }),
          new Paragraph({ text: 'Currency swings', bullet: { level: 0 } }),
          new Paragraph({ text: 'Next steps', heading: HeadingLevel.HEADING_3 }),
          new Paragraph({ text: 'Hire two engineers', numbering: { reference: 'steps', level: 0 } }),
          new Paragraph({ text: 'Open the Lisbon office', numbering: { reference: 'steps', level: 0 } }),
          new Table({
            rows: [new TableRow({ children: [cell('Region'), cell('Sales')] }), new TableRow({ children: [cell('North'), cell('1,200')] }), new TableRow({ children: [cell('South | East'), cell('950')] })],
          }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

describe('docx extractor', () => {
  it('keeps headings, lists and tables as markdown', async () => {
    const out = await docxExtractor.extract(makeInput(await sampleDocx(), DOCX), makeContext());
    expect(out.content).toContain('# Quarterly Plan');
    expect(out.content).toContain('## Risks');
    expect(out.content).toContain('### Next steps');
    expect(out.content).toContain('Revenue grew by twelve percent this quarter.');
    expect(out.content).toMatch(/^- Supplier delays\n- Currency swings$/m);
    expect(out.content).toMatch(/^1\. Hire two engineers\n2\. Open the Lisbon office$/m);
    expect(out.content).toContain('| Region | Sales |\n| --- | --- |\n| North | 1,200 |\n| South \\| East | 950 |');
    expect(out.title).toBe('Quarterly Plan');
  });

  it('takes the title from the core properties when set', async () => {
    const out = await docxExtractor.extract(makeInput(await sampleDocx('Plan for Q3'), DOCX), makeContext());
    expect(out.title).toBe('Plan for Q3');
  });

  it.skipIf(!fs.existsSync(SHARED_FILES))('extracts the manifest phrases of markitdown_test.docx', async () => {
    const bytes = fs.readFileSync(path.join(SHARED_FILES, 'markitdown_test.docx'));
    const out = await docxExtractor.extract(makeInput(bytes, DOCX), makeContext());
    for (const phrase of ['AutoGen: Enabling Next-Gen LLM Applications via Multi-Agent Conversation', '314b0a30-5b04-470b-b9f7-eed2c2bec74a', '49e168b7-d2ae-407f-a055-2167576f39a1']) {
      expect(out.content).toContain(phrase);
    }
    expect(out.content).toContain('## d666f1f7-46cb-42bd-9a39-9a39cf2a509f');
    expect(out.content).toMatch(/\| 13 \| 14 \| 49e168b7-d2ae-407f-a055-2167576f39a1 \| 15 \|/);
    expect(out.content).toContain('[Image: ');
    expect(out.content).not.toContain('data:image');
  });

  it('fails cleanly on a truncated file, a zip that is not a Word document, and an empty document', async () => {
    const bytes = await sampleDocx();
    await expect(docxExtractor.extract(makeInput(bytes.subarray(0, 2000), DOCX), makeContext())).rejects.toMatchObject({ code: 'FILE_CORRUPT' });
    const notWord = buildZip([{ name: 'hello.txt', data: 'hi' }]);
    await expect(docxExtractor.extract(makeInput(notWord, DOCX), makeContext())).rejects.toMatchObject({ code: 'FILE_CORRUPT' });
    const empty = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('')] }] }));
    await expect(docxExtractor.extract(makeInput(empty, DOCX), makeContext())).rejects.toMatchObject({ code: 'EMPTY_CONTENT' });
  });

  it('refuses a document whose XML inflates beyond the cap before mammoth reads it', async () => {
    const big = buildZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'word/document.xml', data: `<w:document><w:body>${'<w:p/>'.repeat(400_000)}</w:body></w:document>` },
    ]);
    await expect(docxExtractor.extract(makeInput(big, DOCX), makeContext({ maxUnzippedBytes: 1024 * 1024 }))).rejects.toMatchObject({ code: 'EXTRACTION_LIMIT' });
  });
});
