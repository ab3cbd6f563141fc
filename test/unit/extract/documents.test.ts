import { describe, expect, it } from 'vitest';
import { epubExtractor } from '../../../src/extract/epub.js';
import { htmlExtractor } from '../../../src/extract/html.js';
import { oleExtractor } from '../../../src/extract/ole.js';
import { odpExtractor, odsExtractor, odtExtractor } from '../../../src/extract/odf.js';
import { extractorFor } from '../../../src/extract/registry.js';
import { rtfExtractor } from '../../../src/extract/rtf.js';
import { buildZip, makeContext, makeInput } from './fixtures.js';

const ODF_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/"';

function odf(mime: string, body: string, title?: string): Buffer {
  return buildZip([
    { name: 'mimetype', data: mime, store: true },
    { name: 'content.xml', data: `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NS}><office:body>${body}</office:body></office:document-content>` },
    ...(title ? [{ name: 'meta.xml', data: `<office:document-meta ${ODF_NS}><office:meta><dc:title>${title}</dc:title></office:meta></office:document-meta>` }] : []),
  ]);
}

describe('odt extractor', () => {
  it('keeps headings, paragraphs, nested lists and tables', async () => {
    const body = `<office:text>
      <text:h text:outline-level="1">Field Report</text:h>
      <text:p>Water   levels rose<text:s text:c="2"/>by <text:span>3 cm</text:span>.<text:note><text:note-citation>1</text:note-citation><text:note-body><text:p>Measured at noon.</text:p></text:note-body></text:note></text:p>
      <text:h text:outline-level="2">Findings</text:h>
      <text:list><text:list-item><text:p>North bank eroded</text:p><text:list><text:list-item><text:p>Two trees lost</text:p></text:list-item></text:list></text:list-item><text:list-item><text:p>South bank stable</text:p></text:list-item></text:list>
      <table:table><table:table-header-rows><table:table-row><table:table-cell><text:p>Site</text:p></table:table-cell><table:table-cell><text:p>Depth</text:p></table:table-cell></table:table-row></table:table-header-rows>
        <table:table-row><table:table-cell><text:p>A</text:p></table:table-cell><table:table-cell><text:p>1.2 m</text:p></table:table-cell><table:table-cell table:number-columns-repeated="1000"/></table:table-row>
        <table:table-row table:number-rows-repeated="5000"><table:table-cell/></table:table-row></table:table>
    </office:text>`;
    const out = await odtExtractor.extract(makeInput(odf('application/vnd.oasis.opendocument.text', body, 'River survey'), 'application/vnd.oasis.opendocument.text'), makeContext());
    expect(out.content).toBe(
      ['# Field Report', 'Water levels rose  by 3 cm. (Measured at noon.)', '## Findings', '- North bank eroded\n  - Two trees lost\n- South bank stable', '| Site | Depth |\n| --- | --- |\n| A | 1.2 m |'].join('\n\n'),
    );
    expect(out.title).toBe('River survey');
  });

  it('fails with EMPTY_CONTENT when there is no text and FILE_CORRUPT without content.xml', async () => {
    const mime = 'application/vnd.oasis.opendocument.text';
    await expect(odtExtractor.extract(makeInput(odf(mime, '<office:text><text:p/></office:text>'), mime), makeContext())).rejects.toMatchObject({ code: 'EMPTY_CONTENT' });
    await expect(odtExtractor.extract(makeInput(buildZip([{ name: 'mimetype', data: mime }]), mime), makeContext())).rejects.toMatchObject({ code: 'FILE_CORRUPT' });
  });

  it('recognises a password-protected document by the encryption data in its manifest', async () => {
    const mime = 'application/vnd.oasis.opendocument.text';
    const locked = buildZip([
      { name: 'mimetype', data: mime, store: true },
      { name: 'content.xml', data: Buffer.from([0x8f, 0x13, 0x77, 0x02, 0xaa]) },
      {
        name: 'META-INF/manifest.xml',
        data: '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml" manifest:size="4000"><manifest:encryption-data manifest:checksum-type="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0#sha256-1k"/></manifest:file-entry></manifest:manifest>',
      },
    ]);
    await expect(odtExtractor.extract(makeInput(locked, mime), makeContext())).rejects.toMatchObject({ code: 'FILE_ENCRYPTED', permanent: true });
  });
});

describe('odp extractor', () => {
  it('renders one section per slide with its title, text, tables and notes', async () => {
    const frame = (cls: string, text: string) => `<draw:frame presentation:class="${cls}"><draw:text-box><text:p>${text}</text:p></draw:text-box></draw:frame>`;
    const body = `<office:presentation>
      <draw:page draw:name="page1">${frame('title', 'Roadmap 2025')}${frame('outline', 'Ship the mobile app')}
        <presentation:notes><draw:page-thumbnail/>${frame('notes', 'Mention the beta testers.')}</presentation:notes></draw:page>
      <draw:page draw:name="page2"><draw:frame><table:table><table:table-row><table:table-cell><text:p>Q1</text:p></table:table-cell><table:table-cell><text:p>Design</text:p></table:table-cell></table:table-row></table:table></draw:frame></draw:page>
    </office:presentation>`;
    const mime = 'application/vnd.oasis.opendocument.presentation';
    const ctx = makeContext();
    const out = await odpExtractor.extract(makeInput(odf(mime, body), mime), ctx);
    expect(out.content).toBe('## Slide 1: Roadmap 2025\n\nShip the mobile app\n\n### Notes\n\nMention the beta testers.\n\n## Slide 2\n\n| Q1 | Design |\n| --- | --- |');
    expect(ctx.events.at(-1)).toEqual({ unit: 'slides', done: 2, total: 2 });
    expect(out.title).toBe('Roadmap 2025');
  });
});

describe('ods extractor', () => {
  it('renders each sheet as a titled table of displayed values, ignoring padding repeats', async () => {
    const cell = (t: string, extra = '') => `<table:table-cell ${extra}><text:p>${t}</text:p></table:table-cell>`;
    const body = `<office:spreadsheet>
      <table:table table:name="Budget"><table:table-row>${cell('Item')}${cell('Cost')}</table:table-row>
        <table:table-row>${cell('Paint')}${cell('12,50 €', 'office:value-type="currency" office:value="12.5"')}<table:table-cell table:number-columns-repeated="16382"/></table:table-row>
        <table:table-row table:number-rows-repeated="1048574"><table:table-cell table:number-columns-repeated="16384"/></table:table-row></table:table>
      <table:table table:name="Blank"><table:table-row><table:table-cell/></table:table-row></table:table>
    </office:spreadsheet>`;
    const mime = 'application/vnd.oasis.opendocument.spreadsheet';
    const out = await odsExtractor.extract(makeInput(odf(mime, body), mime), makeContext());
    expect(out.content).toBe('## Budget\n\n| Item | Cost |\n| --- | --- |\n| Paint | 12,50 € |');
  });
});

describe('epub extractor', () => {
  function epub(spine: string[], chapters: Record<string, string>, encryptedUris: string[] = []): Buffer {
    const manifest = Object.keys(chapters).map((href, i) => `<item id="c${i}" href="${encodeURI(href)}" media-type="application/xhtml+xml"/>`);
    const idOf = (href: string) => `c${Object.keys(chapters).indexOf(href)}`;
    return buildZip([
      { name: 'mimetype', data: 'application/epub+zip', store: true },
      {
        name: 'META-INF/container.xml',
        data: '<container xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
      },
      {
        name: 'OEBPS/content.opf',
        data: `<package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>The Lighthouse Keeper</dc:title></metadata><manifest>${manifest.join('')}<item id="cover" href="img/cover.jpg" media-type="image/jpeg"/></manifest><spine>${spine.map((h) => `<itemref idref="${idOf(h)}"/>`).join('')}</spine></package>`,
      },
      ...Object.entries(chapters).map(([href, html]) => ({ name: `OEBPS/${href}`, data: `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>x</title></head><body>${html}</body></html>` })),
      { name: 'OEBPS/img/cover.jpg', data: Buffer.alloc(2000, 7) },
      ...(encryptedUris.length
        ? [
            {
              name: 'META-INF/encryption.xml',
              data: `<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">${encryptedUris.map((u) => `<enc:EncryptedData><enc:CipherData><enc:CipherReference URI="${u}"/></enc:CipherData></enc:EncryptedData>`).join('')}</encryption>`,
            },
          ]
        : []),
    ]);
  }

  it('follows the spine order, not the manifest order, and keeps the book title', async () => {
    const book = epub(['text/chapter 2.xhtml', 'text/ch1.xhtml'], {
      'text/ch1.xhtml':
        '<h1>Chapter One</h1><p>The lamp was <em>lit</em> at <a href="https://example.com/dusk">dusk</a>. See [1] and 2 * 3.</p><table><tr><th>Day</th><th>Oil</th></tr><tr><td>Mon</td><td>2 l</td></tr></table>',
      'text/chapter 2.xhtml': '<h1>Prologue</h1><p>Storms came from the west.</p><img src="../img/cover.jpg" alt="A lighthouse at night"/>',
    });
    const out = await epubExtractor.extract(makeInput(book, 'application/epub+zip'), makeContext());
    expect(out.title).toBe('The Lighthouse Keeper');
    expect(out.content).toBe('# Prologue\n\nStorms came from the west.\n\n[Image: A lighthouse at night]\n\n# Chapter One\n\nThe lamp was lit at dusk. See [1] and 2 * 3.\n\n| Day | Oil |\n| --- | --- |\n| Mon | 2 l |');
  });

  it('refuses DRM-protected books but reads books with only obfuscated fonts', async () => {
    const chapters = { 'text/ch1.xhtml': '<p>Secret chapter.</p>' };
    await expect(epubExtractor.extract(makeInput(epub(['text/ch1.xhtml'], chapters, ['OEBPS/text/ch1.xhtml']), 'application/epub+zip'), makeContext())).rejects.toMatchObject({ code: 'FILE_ENCRYPTED' });
    const fontsOnly = await epubExtractor.extract(makeInput(epub(['text/ch1.xhtml'], chapters, ['OEBPS/fonts/serif.otf']), 'application/epub+zip'), makeContext());
    expect(fontsOnly.content).toBe('Secret chapter.');
  });

  it('fails with FILE_CORRUPT when there is no package document', async () => {
    await expect(epubExtractor.extract(makeInput(buildZip([{ name: 'mimetype', data: 'application/epub+zip' }]), 'application/epub+zip'), makeContext())).rejects.toMatchObject({ code: 'FILE_CORRUPT' });
  });
});

describe('html extractor', () => {
  it('keeps the page text with links as plain text, decoding a legacy encoding', async () => {
    const page = `<html><head><title>Caf\xe9 notes</title></head><body><nav>Home | About</nav><h1>Caf\xe9 notes</h1><p>Opening hours are <a href="/hours">listed here</a> for <b>every</b> day.</p><table><tr><th>Day</th><th>Open</th></tr><tr><td>Mon</td><td>8-18</td></tr></table></body></html>`;
    const out = await htmlExtractor.extract(makeInput(Buffer.from(page, 'latin1'), 'text/html'), makeContext());
    expect(out.title).toBe('Café notes');
    expect(out.content).toContain('Opening hours are listed here for every day.');
    expect(out.content).toContain('| Day | Open |\n| --- | --- |\n| Mon | 8-18 |');
    expect(out.type).toBe('webpage');
  });
});

describe('rtf extractor', () => {
  const rtf = (s: string) => rtfExtractor.extract(makeInput(Buffer.from(s, 'latin1'), 'application/rtf'), makeContext());

  it('keeps the text and drops tables of fonts, colours, pictures and field instructions', async () => {
    const src = String.raw`{\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0\fswiss Helvetica;}}{\colortbl;\red255\green0\blue0;}
{\info{\title Harbour Notes}{\author Jane}}{\*\generator Riched20 10.0}\viewkind4\uc1\pard\b Tides\b0\par
Caf\'e9 cr\'e8me costs \u8364?5 \endash{} cheap \u-10179?\u-8704? indeed.\par
{\pict\wmetafile8\picw100 0123456789abcdef}{\field{\*\fldinst HYPERLINK "http://example.com"}{\fldrslt See the chart}}\par
\trowd\cellx1000\cellx2000 Dock\cell Depth\cell\row
\trowd\cellx1000\cellx2000\pard\intbl North\par pier\cell 4 m\cell\row
\pard Escaped \{braces\} and a back\\slash.\par}`;
    const out = await rtf(src);
    expect(out.content).toBe('Tides\nCafé crème costs €5 – cheap 😀 indeed.\nSee the chart\n\n| Dock | Depth |\n| --- | --- |\n| North pier | 4 m |\n\nEscaped {braces} and a back\\slash.');
    expect(out.title).toBe('Harbour Notes');
  });

  it("decodes \\'hh bytes in a multi-byte code page (Shift_JIS)", async () => {
    expect((await rtf("{\\rtf1\\ansi\\ansicpg932 \\'93\\'fa\\'96\\'7b\\'8c\\'ea\\par}")).content).toBe('日本語');
  });

  it('fails cleanly on files that are not RTF or have no text', async () => {
    await expect(rtf('hello')).rejects.toMatchObject({ code: 'FILE_CORRUPT' });
    await expect(rtf('{\\rtf1{\\fonttbl{\\f0 Arial;}}\\par}')).rejects.toMatchObject({ code: 'EMPTY_CONTENT' });
  });
});

describe('legacy and encrypted Office files', () => {
  const cfb = (...streams: string[]) => Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504), ...streams.map((s) => Buffer.from(`${s}\0`, 'utf16le'))]);

  it('names the legacy format and suggests what to upload instead', async () => {
    await expect(oleExtractor.extract(makeInput(cfb('Root Entry', 'WordDocument', '1Table'), 'application/msword'), makeContext())).rejects.toMatchObject({
      code: 'UNSUPPORTED_CONTENT',
      permanent: true,
      message: expect.stringMatching(/Word 97-2003.*DOCX or PDF/),
    });
    await expect(oleExtractor.extract(makeInput(cfb('Root Entry', 'Workbook'), 'application/x-cfb'), makeContext())).rejects.toMatchObject({ message: expect.stringMatching(/Excel.*XLSX or CSV/) });
    await expect(oleExtractor.extract(makeInput(cfb('Root Entry', 'PowerPoint Document'), 'application/x-cfb'), makeContext())).rejects.toMatchObject({ message: expect.stringMatching(/PowerPoint.*PPTX or PDF/) });
  });

  it('reports password-protected OOXML as FILE_ENCRYPTED, by either route', async () => {
    const encrypted = cfb('Root Entry', 'EncryptionInfo', 'EncryptedPackage');
    await expect(oleExtractor.extract(makeInput(encrypted, 'application/x-cfb'), makeContext())).rejects.toMatchObject({ code: 'FILE_ENCRYPTED' });
    const docx = extractorFor('application/vnd.openxmlformats-officedocument.wordprocessingml.document')!;
    await expect(docx.extract(makeInput(encrypted, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'), makeContext())).rejects.toMatchObject({ code: 'FILE_ENCRYPTED' });
  });
});

describe('registry', () => {
  it.each([
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
    ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx'],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
    ['application/vnd.oasis.opendocument.text', 'odt'],
    ['application/vnd.oasis.opendocument.presentation', 'odp'],
    ['application/vnd.oasis.opendocument.spreadsheet', 'ods'],
    ['application/epub+zip', 'epub'],
    ['text/csv; charset=utf-8', 'csv'],
    ['text/tab-separated-values', 'csv'],
    ['application/rtf', 'rtf'],
    ['text/rtf', 'rtf'],
    ['application/json', 'json'],
    ['text/plain', 'text'],
    ['text/markdown', 'text'],
    ['text/html', 'html'],
    ['application/msword', 'ole'],
    ['application/x-cfb', 'ole'],
  ])('routes %s to the %s extractor', (mime, name) => {
    expect(extractorFor(mime)?.name).toBe(name);
  });
});
