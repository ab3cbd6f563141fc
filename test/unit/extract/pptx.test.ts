import fs from 'node:fs';
import path from 'node:path';
import PptxGenModule from 'pptxgenjs';
import { describe, expect, it } from 'vitest';
import { pptxExtractor } from '../../../src/extract/pptx.js';
import { readZip } from '../../../src/extract/zip.js';
import { SHARED_FILES, buildZip, makeContext, makeInput } from './fixtures.js';

// pptxgenjs ships CommonJS-shaped types but Node loads its ES build, whose default export is the class itself.
const PptxGenJS = PptxGenModule as unknown as typeof PptxGenModule.default;

const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

async function sampleDeck(): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.title = 'Launch review';
  // A master with a title placeholder, so the slide title is a real p:ph type="title".
  pptx.defineSlideMaster({ title: 'TITLED', objects: [{ placeholder: { options: { name: 'title', type: 'title', x: 0.5, y: 0.3, w: 9, h: 1 }, text: '' } }] });
  const one = pptx.addSlide({ masterName: 'TITLED' });
  one.addText('Launch Review', { placeholder: 'title', x: 0.5, y: 0.3, w: 9, h: 1 });
  one.addText('Bottom note', { x: 0.5, y: 4.5, w: 9, h: 0.5 });
  one.addText('Top line of the body', { x: 0.5, y: 1.5, w: 9, h: 0.5 });
  one.addNotes('Remember to thank the Porto team.');
  const two = pptx.addSlide();
  two.addText('Numbers', { x: 0.5, y: 0.3, w: 9, h: 1 });
  two.addTable(
    [
      [{ text: 'Market' }, { text: 'Units' }],
      [{ text: 'Spain' }, { text: '1,204' }],
    ],
    { x: 0.5, y: 1.5, w: 6 },
  );
  const three = pptx.addSlide();
  three.addText(
    [
      { text: 'First point', options: { bullet: true, breakLine: true } },
      { text: 'Second point', options: { bullet: true } },
    ],
    { x: 0.5, y: 1, w: 9, h: 2 },
  );
  return (await pptx.write({ outputType: 'nodebuffer' })) as Buffer;
}

describe('pptx extractor', () => {
  it('renders slides in order with titles, text in reading order, tables, bullets and speaker notes', async () => {
    const ctx = makeContext();
    const out = await pptxExtractor.extract(makeInput(await sampleDeck(), PPTX), ctx);
    const c = out.content;
    expect(c).toContain('## Slide 1: Launch Review\n\nTop line of the body');
    expect(c.indexOf('## Slide 1')).toBeLessThan(c.indexOf('## Slide 2'));
    expect(c.indexOf('## Slide 2')).toBeLessThan(c.indexOf('## Slide 3'));
    expect(c.indexOf('Top line of the body')).toBeLessThan(c.indexOf('Bottom note'));
    expect(c).toMatch(/### Notes\n\nRemember to thank the Porto team\./);
    expect(c).toContain('| Market | Units |\n| --- | --- |\n| Spain | 1,204 |');
    expect(c).toMatch(/- First point\n- Second point/);
    expect(ctx.events.at(-1)).toEqual({ unit: 'slides', done: 3, total: 3 });
    expect(out.details).toMatchObject({ slides: 3 });
  });

  it('follows the presentation order (p:sldIdLst through r:id), not the slide file numbers', async () => {
    // Reorder the deck the way PowerPoint does when slides are moved: only presentation.xml's list changes.
    const deck = await readZip(await sampleDeck(), makeContext(), { format: 'PPTX' });
    const presentation = deck.text('ppt/presentation.xml')!;
    const ids = [...presentation.matchAll(/<p:sldId [^>]*\/>/g)].map((m) => m[0]);
    expect(ids).toHaveLength(3);
    const reordered = presentation.replace(ids.join(''), [ids[2], ids[0], ids[1]].join(''));
    const moved = buildZip(deck.names.map((name) => ({ name, data: name === 'ppt/presentation.xml' ? reordered : deck.buffer(name)! })));
    const out = await pptxExtractor.extract(makeInput(moved, PPTX), makeContext());
    expect(out.content).toMatch(/^## Slide 1\n\n- First point/);
    expect(out.content).toContain('## Slide 2: Launch Review');
  });

  it.skipIf(!fs.existsSync(SHARED_FILES))('extracts officeparser_test.pptx with its notes (manifest phrases)', async () => {
    const bytes = fs.readFileSync(path.join(SHARED_FILES, 'officeparser_test.pptx'));
    const out = await pptxExtractor.extract(makeInput(bytes, PPTX), makeContext());
    for (const phrase of ['Demonstration of DOCX support in calibre', 'Highlighter', 'Slide Note 2. This is a bold text, but no italic', 'And then about tables']) {
      expect(out.content).toContain(phrase);
    }
    expect(out.content).toContain('## Slide 1: Demonstration of DOCX support in calibre');
    expect(out.content).toContain('## Slide 9: Charts');
    // Notes sit under their own slide: slide 3's note follows slide 3's heading and precedes slide 4's.
    const notes = out.content.indexOf('And then about tables');
    expect(notes).toBeGreaterThan(out.content.indexOf('## Slide 3'));
    expect(notes).toBeLessThan(out.content.indexOf('## Slide 4'));
    expect(out.content).toContain('| Category 2 | 2.5 | 4.4 | 2 |');
    expect(out.title).toBe('Demonstration of DOCX support in calibre');
  });

  it('stops between slides when the extraction is cancelled', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled by test'));
    await expect(pptxExtractor.extract(makeInput(await sampleDeck(), PPTX), makeContext({}, controller.signal))).rejects.toThrow('cancelled by test');
  });

  it('refuses decks with more slides than the page limit', async () => {
    await expect(pptxExtractor.extract(makeInput(await sampleDeck(), PPTX), makeContext({ maxPages: 2 }))).rejects.toMatchObject({ code: 'EXTRACTION_LIMIT' });
  });
});
