import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import Supermemory, { toFile } from 'supermemory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcrEngine } from '../../src/providers/ocr.js';
import type { ExtractionEngines } from '../../src/providers/extraction-engines.js';
import { createTestRuntime, TEST_KEY, type TestRuntime } from '../helpers/runtime.js';

/**
 * A running extraction, observed from outside: progress lands in processingMetadata.extraction while the document
 * is still extracting, and a delete or a customId replacement aborts the extractor (its OCR call sees the abort)
 * instead of letting it run to the end. The OCR engine is a gate the test opens page by page.
 */
class GateOcr implements OcrEngine {
  readonly name = 'gate';
  calls = 0;
  aborted = 0;
  private waiting: (() => void)[] = [];
  private open = false;

  recognize(_image: Buffer, { signal }: { signal: AbortSignal }): Promise<{ text: string; confidence: number }> {
    const page = ++this.calls;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.aborted++;
        reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      if (signal.aborted) return onAbort();
      const finish = () => {
        signal.removeEventListener('abort', onAbort);
        resolve({ text: `Scanned page ${page} mentions the walrus census of the northern coast.`, confidence: 95 });
      };
      if (this.open) return finish();
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(finish);
    });
  }

  /** From now on every call finishes at once (teardown). */
  openAll(): void {
    this.open = true;
    this.release();
  }

  /** Lets every OCR call waiting now finish. */
  release(): void {
    const open = this.waiting;
    this.waiting = [];
    for (const go of open) go();
  }
}

async function scannedPdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 1; i <= pages; i++) {
    const canvas = createCanvas(600, 300);
    const g = canvas.getContext('2d');
    g.fillStyle = '#fff';
    g.fillRect(0, 0, 600, 300);
    g.fillStyle = '#000';
    g.font = '40px sans-serif';
    g.fillText(`Page ${i} of a scan`, 40, 150);
    const page = doc.addPage([600, 300]);
    page.drawImage(await doc.embedPng(await canvas.encode('png')), { x: 0, y: 0, width: 600, height: 300 });
  }
  return Buffer.from(await doc.save());
}

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a running file extraction: progress while it runs, abort on delete and on replacement', () => {
  let ocr: GateOcr;
  let rt: TestRuntime;
  let api: http.Server;
  let client: Supermemory;

  beforeAll(async () => {
    ocr = new GateOcr();
    const extraction: ExtractionEngines = { ocr, transcriber: null, ffmpeg: null, unavailable: {}, close: async () => {} };
    rt = await createTestRuntime({}, { extraction });
    api = rt.app.listen(0, '127.0.0.1');
    await new Promise((r) => api.once('listening', r));
    client = new Supermemory({ apiKey: TEST_KEY, baseURL: `http://127.0.0.1:${(api.address() as AddressInfo).port}`, maxRetries: 0 });
  });

  afterAll(async () => {
    ocr?.openAll();
    await new Promise((r) => api?.close(r));
    await rt?.close();
  });

  const doc = (id: string) => rt.store.documents.getDocument('org_default', id);

  it('writes page progress to processingMetadata.extraction while the document is extracting', async () => {
    const { id } = await client.documents.uploadFile({ file: await toFile(await scannedPdf(3), 'scan.pdf'), containerTags: 'abort-progress' });
    await until('the first OCR call', async () => ocr.calls >= 1);
    ocr.release();
    const during = await until('progress past page 1 while extracting', async () => {
      const d = await doc(id);
      const p = d?.processingMetadata?.extraction as { unit: string; done: number; total: number } | undefined;
      return d?.status === 'extracting' && p && p.done >= 1 ? { status: d.status, p } : null;
    });
    expect(during.p).toMatchObject({ unit: 'pages', total: 3 });
    expect(during.p.done).toBeLessThan(3);
    // Open the gate for the remaining pages as they come.
    const opener = setInterval(() => ocr.release(), 20);
    try {
      const done = await until('done', async () => {
        const d = await doc(id);
        return d && (d.status === 'done' || d.status === 'failed') ? d : null;
      });
      expect(done.status).toBe('done');
      expect(done.content).toContain('Scanned page');
      expect(done.content).toContain('## Page 3');
    } finally {
      clearInterval(opener);
    }
  }, 60_000);

  it('aborts the extractor when its document is deleted mid-extraction, and the runner goes on', async () => {
    const before = { calls: ocr.calls, aborted: ocr.aborted };
    const { id } = await client.documents.uploadFile({ file: await toFile(await scannedPdf(2), 'deleted.pdf'), containerTags: 'abort-delete' });
    await until('the OCR call of the upload', async () => ocr.calls > before.calls);
    expect((await doc(id))?.status).toBe('extracting');
    await client.documents.delete(id);
    // The extraction checks its document every 2 s: the waiting OCR call is aborted, not left to finish.
    await until('the OCR call to be aborted', async () => ocr.aborted > before.aborted, 20_000);
    expect(await doc(id)).toBeNull();
    const next = await client.documents.add({ content: 'After the abort, narwhals still get indexed.', containerTags: ['abort-delete'] });
    const after = await until('the next document', async () => {
      const d = await doc(next.id);
      return d && (d.status === 'done' || d.status === 'failed') ? d : null;
    });
    expect(after.status).toBe('done');
  }, 60_000);

  it('aborts the old extraction when a customId upload replaces the file, and keeps the new content', async () => {
    const before = { calls: ocr.calls, aborted: ocr.aborted };
    // customId is a form field the server reads; the client's type does not list it but sends what it is given.
    type UploadParams = Parameters<typeof client.documents.uploadFile>[0];
    const first = await client.documents.uploadFile({ file: await toFile(await scannedPdf(2), 'v1.pdf'), containerTags: 'abort-replace', customId: 'scan-report' } as UploadParams);
    await until('the OCR call of version 1', async () => ocr.calls > before.calls);
    const second = await client.documents.uploadFile({
      file: await toFile(Buffer.from('Version two is plain text about the puffin colony.'), 'v2.txt'),
      containerTags: 'abort-replace',
      customId: 'scan-report',
    } as UploadParams);
    expect(second.id).toBe(first.id);
    await until('version 1 OCR to be aborted', async () => ocr.aborted > before.aborted, 20_000);
    const final = await until('version 2 done', async () => {
      const d = await doc(first.id);
      return d && d.status === 'done' ? d : null;
    });
    expect(final.content).toContain('puffin colony');
    expect(final.content).not.toContain('Scanned page');
  }, 60_000);
});
