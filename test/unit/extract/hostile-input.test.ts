import { afterAll, describe, expect, it } from 'vitest';
import { htmlFragmentToMarkdown } from '../../../src/extract/html-fragment.js';
import { htmlNesting } from '../../../src/extract/html-shape.js';
import { extractorFor } from '../../../src/extract/registry.js';
import { closeExtractionSandbox, extractionSandbox } from '../../../src/extract/sandbox/isolated.js';
import { xmlDepth } from '../../../src/extract/xml.js';
import { hostileDocx, nestedHtml, nestedJson, nestedOdt, nestedRtf, slowHtml } from '../../helpers/hostile-files.js';
import { makeContext, makeInput } from './fixtures.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const ODT = 'application/vnd.oasis.opendocument.text';

/** What an extraction of `bytes` as `mime` rejects with (code and message), through the registered (sandboxed) extractor. */
async function failure(bytes: Buffer | string, mime: string, limits = {}) {
  const extractor = extractorFor(mime)!;
  const err = await extractor.extract(makeInput(Buffer.from(bytes), mime), makeContext(limits)).then(
    () => null,
    (e: { code?: string; message: string }) => e,
  );
  return { code: err?.code, message: err?.message ?? '(no error)' };
}

/** Words a document error must never show: parser internals (issue 27). */
const INTERNALS = /xmldom|call stack|RangeError|TypeError|entity not found|at .+\.js/i;

afterAll(() => closeExtractionSandbox());

// Issue 27: each parser's own pathological input fails with EXTRACTION_LIMIT naming the limit, in bounded time.
describe('hostile input, parser by parser', { timeout: 120_000 }, () => {
  it('HTML nested 5,000 deep (55 KB, froze the server for minutes) fails on the nesting limit', async () => {
    const got = await failure(nestedHtml(5000), 'text/html');
    expect(got).toEqual({ code: 'EXTRACTION_LIMIT', message: expect.stringContaining('more than 512 levels deep') });
  });

  it('HTML nested 2,000 deep and 200,000 deep (2.2 MB) fail the same way', async () => {
    expect((await failure(nestedHtml(2000), 'text/html')).code).toBe('EXTRACTION_LIMIT');
    expect((await failure(nestedHtml(200_000), 'text/html')).code).toBe('EXTRACTION_LIMIT');
  });

  it('HTML nested 300 deep is still read (the body kept whole, Readability skipped)', async () => {
    const out = await extractorFor('text/html')!.extract(makeInput(Buffer.from(nestedHtml(300)), 'text/html'), makeContext());
    expect(out.content).toBe('text');
    expect(out.details).toMatchObject({ readability: 'skipped' });
  });

  it('a fragment converted by turndown (DOCX, EPUB chapters) is checked for nesting before its recursive walk', () => {
    expect(() => htmlFragmentToMarkdown(`${'<div>'.repeat(5000)}x${'</div>'.repeat(5000)}`)).toThrow(expect.objectContaining({ code: 'EXTRACTION_LIMIT' }));
    expect(htmlFragmentToMarkdown(`${'<div>'.repeat(100)}x${'</div>'.repeat(100)}`)).toBe('x');
  });

  it('JSON nested 100,000 deep fails on the nesting limit, not with a stack overflow', async () => {
    const got = await failure(nestedJson(100_000), 'application/json');
    expect(got).toEqual({ code: 'EXTRACTION_LIMIT', message: expect.stringContaining('more than 512 levels deep') });
    expect(got.message).not.toMatch(INTERNALS);
  });

  it('RTF nested 100,000 groups deep fails on the nesting limit', async () => {
    expect(await failure(nestedRtf(100_000), 'application/rtf')).toEqual({ code: 'EXTRACTION_LIMIT', message: expect.stringContaining('more than 512 levels deep') });
  });

  it('XML inside office files: a DOCX part and an ODT content.xml nested 100,000 deep fail on the nesting limit', async () => {
    expect(await failure(hostileDocx({ depth: 100_000 }), DOCX)).toEqual({ code: 'EXTRACTION_LIMIT', message: expect.stringContaining('more than 256 levels deep') });
    expect(await failure(nestedOdt(100_000), ODT)).toEqual({ code: 'EXTRACTION_LIMIT', message: expect.stringContaining('more than 256 levels deep') });
  });

  it('a DOCX with an entity bomb fails as FILE_CORRUPT with a neutral message (no [xmldom error] ...)', async () => {
    const got = await failure(hostileDocx({ entityBomb: true }), DOCX);
    expect(got.code).toBe('FILE_CORRUPT');
    expect(got.message).not.toMatch(INTERNALS);
  });

  it('measures HTML nesting before parsing, following void, raw-text and implied-closed elements as the parser does', () => {
    expect(htmlNesting('<html><body>' + '<p>para'.repeat(2000) + '<ul>' + '<li>item'.repeat(2000) + '</ul><br><img src=x><hr></body></html>')).toBe(4);
    expect(htmlNesting('<div><script>' + '<div>'.repeat(1000) + '</script><svg>' + '<path/>'.repeat(1000) + '</svg><!-- ' + '<div>'.repeat(1000) + ' --></div>')).toBe(2);
    expect(htmlNesting('<table><tr><td>a<td>b<tr><td>c</table>')).toBe(3);
    // <div/> is an open tag in HTML: a chain of them nests, and is counted so.
    expect(htmlNesting('<div/>'.repeat(600), 512)).toBe(513);
    expect(htmlNesting(nestedHtml(200_000), 512)).toBe(513);
  });

  it('counts XML nesting in one pass, skipping comments, CDATA, declarations and self-closing tags', () => {
    expect(xmlDepth('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "<b><b>">]><a><!-- <c><c><c> --><b/><b><![CDATA[<d><d>]]><c></c></b></a>')).toBe(3);
    expect(xmlDepth(`${'<a>'.repeat(1000)}${'</a>'.repeat(1000)}`, 10)).toBe(11);
  });
});

describe('the sandbox bounds time and replaces the worker', { timeout: 120_000 }, () => {
  it('a parse over the time limit fails with EXTRACTION_LIMIT naming it; the next document is read by a fresh worker', async () => {
    const pool = extractionSandbox(makeContext().limits);
    const before = pool.replaced;
    // 400 stacks parse in about 0.5 s on a quiet machine (40 could finish inside 0.15 s once the worker is warm).
    const got = await failure(slowHtml(400), 'text/html', { parseTimeoutMs: 150 });
    expect(got).toEqual({ code: 'EXTRACTION_LIMIT', message: expect.stringMatching(/parsing the HTML page took longer than 0\.2 s/) });
    expect(pool.replaced).toBe(before + 1);
    const ok = await extractorFor('text/html')!.extract(makeInput(Buffer.from('<html><body><p>still answering</p></body></html>'), 'text/html'), makeContext());
    expect(ok.content).toBe('still answering');
  });

  it('an abort (document deleted, extraction time limit) ends the job at once with the abort reason', async () => {
    const controller = new AbortController();
    const pending = extractorFor('text/html')!.extract(makeInput(Buffer.from(slowHtml(400)), 'text/html'), makeContext({}, controller.signal));
    setTimeout(() => controller.abort(new Error('document deleted')), 100);
    await expect(pending).rejects.toThrow('document deleted');
  });
});
