import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Supermemory, { APIError } from 'supermemory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFileType } from '../../src/extract/detect.js';
import { extractorFor } from '../../src/extract/registry.js';
import { SHARED } from '../helpers/media.js';
import { TEST_KEY, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

interface ManifestEntry {
  file: string;
  kind: string;
  expect: 'text' | 'fails';
  phrases: string[];
}

const FILES = path.join(SHARED, 'files');
const MANIFEST = JSON.parse(fs.readFileSync(path.join(FILES, 'MANIFEST.json'), 'utf8')) as ManifestEntry[];
/** Whitespace-normalised, case-insensitive: what "contains the phrase" means for the manifest. */
const SPEECH = new Set(['audio', 'video']);
const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Every file of ../shared/data/files through POST /v3/documents/file with the official client: "text" files reach
 * done with every manifest phrase in their content, "fails" files are refused (4xx) or end failed with a reason.
 * A kind whose extractor is not registered is skipped, naming it, and runs by itself once the extractor lands.
 */
describe('the shared real-world files behave as MANIFEST.json says', { timeout: 300_000 }, async () => {
  const missing = new Map<string, string>();
  for (const entry of MANIFEST) {
    const full = path.join(FILES, entry.file);
    if (!fs.existsSync(full) || fs.statSync(full).size === 0) continue;
    const { mime } = await detectFileType(full, { filename: entry.file });
    if (entry.expect === 'text' && !extractorFor(mime)) missing.set(entry.file, `no extractor registered for ${mime} (${entry.kind})`);
  }

  let rt: TestRuntime;
  let server: http.Server;
  let client: Supermemory;
  const results = new Map<string, { status: number; body?: Record<string, any>; error?: string }>();

  beforeAll(async () => {
    rt = await createTestRuntime({ MNEMO_TRANSCRIPTION: 'local' });
    server = http.createServer(rt.app.callback());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    client = new Supermemory({ apiKey: TEST_KEY, baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, maxRetries: 0 });
    for (const entry of MANIFEST) {
      if (missing.has(entry.file)) continue;
      try {
        const added = await client.documents.uploadFile({ file: fs.createReadStream(path.join(FILES, entry.file)), containerTags: 'manifest' });
        results.set(entry.file, { status: 200, body: added });
      } catch (err) {
        if (!(err instanceof APIError)) throw err;
        results.set(entry.file, { status: err.status ?? 0, error: String((err.error as { code?: string })?.code ?? err.message) });
      }
    }
    await rt.settle(280_000);
  }, 300_000);
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    await rt?.close();
  });

  for (const entry of MANIFEST) {
    const skip = missing.get(entry.file);
    if (skip) {
      it.skip(`${entry.file}: skipped, ${skip}`, () => {});
      continue;
    }
    it(`${entry.file} (${entry.kind}) -> ${entry.expect}`, async () => {
      const got = results.get(entry.file)!;
      if (entry.expect === 'fails') {
        if (got.status !== 200) {
          expect(got.status, `${entry.file}: ${got.error}`).toBeGreaterThanOrEqual(400);
          expect(got.status).toBeLessThan(500);
          return;
        }
        const doc = (await client.documents.get(got.body!.id)) as Record<string, any>;
        expect(doc.status, entry.file).toBe('failed');
        expect(doc.processingMetadata.errorCode, entry.file).toMatch(/^[A-Z_]+$/);
        expect(doc.processingMetadata.error.length, entry.file).toBeGreaterThan(10);
        return;
      }
      expect(got.status, `${entry.file}: ${got.error}`).toBe(200);
      const doc = (await client.documents.get(got.body!.id)) as Record<string, any>;
      expect(doc.status, `${entry.file}: ${JSON.stringify(doc.processingMetadata)}`).toBe('done');
      const content = norm(doc.content ?? '');
      if (SPEECH.has(entry.kind) && entry.phrases.length > 2) {
        // Speech is heard, not read: the measure is "at least 90% of the phrases a person hears" (see
        // test/extract/media.test.ts). A file of three phrases may miss one word (Whisper base writes "Chatherin"
        // for Catherine in the LibriSpeech clip), never more.
        const heard = entry.phrases.filter((p) => content.includes(norm(p)));
        expect(heard.length, `${entry.file} heard ${JSON.stringify(heard)} in "${content.slice(0, 300)}"`).toBeGreaterThanOrEqual(entry.phrases.length - 1);
        return;
      }
      for (const phrase of entry.phrases) expect(content, `${entry.file} should contain "${phrase}"`).toContain(norm(phrase));
    });
  }

  it('keeps serving after all of them', async () => {
    expect((await client.documents.list({ containerTags: ['manifest'], limit: 50 })).memories.length).toBeGreaterThan(0);
  });
});
