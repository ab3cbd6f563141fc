import fs from 'node:fs';
import path from 'node:path';
import Supermemory, { toFile } from 'supermemory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED } from '../helpers/media.js';
import { startServer, waitFor, type ServerProcess } from '../helpers/server-process.js';
import { startFerretDb, type FerretDb } from '../helpers/ferretdb.js';
import { startDevServer, workflowBundlePath, type DevServer } from '../helpers/temporal.js';

const FILES = path.join(SHARED, 'files');
const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** Uploads through the official client against a Mnemo process: embedded, with Temporal running ingestion, and on MongoDB. */
function uploadScenario(mode: string, start: () => Promise<ServerProcess>): void {
  describe(`file uploads through the client (${mode})`, { timeout: 180_000 }, () => {
    let server: ServerProcess;
    let client: Supermemory;

    beforeAll(async () => {
      server = await start();
      client = new Supermemory({ apiKey: server.apiKey, baseURL: server.baseURL, maxRetries: 0 });
    }, 120_000);
    afterAll(async () => {
      await server?.stop();
    });

    const settled = (id: string) =>
      waitFor(
        async () => {
          const doc = (await client.documents.get(id)) as Record<string, any>;
          return doc.status === 'done' || doc.status === 'failed' ? doc : undefined;
        },
        150_000,
        250,
      );

    it('extracts a text file, a markdown file, a PDF, a DOCX and an image to text', async () => {
      const uploads = {
        txt: await client.documents.uploadFile({ file: await toFile(Buffer.from('Harbour log: the ferry to Skye leaves at seven.'), 'log.txt'), containerTags: JSON.stringify([`up-${mode}`]) }),
        md: await client.documents.uploadFile({ file: fs.createReadStream(path.join(FILES, 'readability_README.md')), containerTags: `up-${mode}` }),
        pdf: await client.documents.uploadFile({ file: fs.createReadStream(path.join(FILES, 'sample-files_multicolumn.pdf')), containerTags: `up-${mode}` }),
        docx: await client.documents.uploadFile({ file: fs.createReadStream(path.join(FILES, 'markitdown_test.docx')), containerTags: `up-${mode}`, metadata: JSON.stringify({ kind: 'paper' }) }),
        png: await client.documents.uploadFile({ file: fs.createReadStream(path.join(FILES, 'tesseractjs_testocr.png')), containerTags: `up-${mode}` }),
      };
      const expected: Record<keyof typeof uploads, [string, string[]]> = {
        txt: ['text', ['ferry to Skye']],
        md: ['text', ['npm install @mozilla/readability']],
        pdf: ['pdf', ['Two-Column Document with Lorem Ipsum', 'Phasellus adipiscing semper elit']],
        docx: ['text', ['314b0a30-5b04-470b-b9f7-eed2c2bec74a', '49e168b7-d2ae-407f-a055-2167576f39a1']],
        png: ['image', ['quick brown dog jumped over the']],
      };
      for (const [name, added] of Object.entries(uploads) as [keyof typeof uploads, { id: string; status: string }][]) {
        expect(added.status, name).toBe('queued');
        const doc = await settled(added.id);
        expect(doc.status, `${name}: ${JSON.stringify(doc.processingMetadata)}`).toBe('done');
        expect(doc.type, name).toBe(expected[name][0]);
        for (const phrase of expected[name][1]) expect(norm(doc.content), `${name}: ${phrase}`).toContain(norm(phrase));
        const extract = doc.processingMetadata.steps.find((s: { name: string }) => s.name === 'extract');
        expect(extract.metadata.extraction.mime, name).toBeTruthy();
      }
      const docx = (await client.documents.get(uploads.docx.id)) as Record<string, any>;
      expect(docx.metadata).toEqual({ kind: 'paper' });
    });

    it('records an encrypted PDF as failed with its reason', async () => {
      const added = await client.documents.uploadFile({ file: fs.createReadStream(path.join(FILES, 'sample-files_libreoffice-writer-password.pdf')), containerTags: `up-${mode}` });
      const doc = await settled(added.id);
      expect(doc.status).toBe('failed');
      expect(doc.processingMetadata).toMatchObject({ failedStep: 'extract', errorCode: 'FILE_ENCRYPTED' });
    });
  });
}

let temporal: DevServer;
let ferret: FerretDb;
beforeAll(async () => {
  [temporal, ferret] = await Promise.all([startDevServer(), startFerretDb()]);
}, 120_000);
afterAll(async () => {
  await temporal?.stop();
  await ferret?.stop();
});

uploadScenario('embedded', () => startServer());
// The worker loads the prebuilt workflow bundle (TEMPORAL_WORKFLOW_BUNDLE); conformance.test.ts covers bundling at start.
uploadScenario('temporal', async () => startServer({ TEMPORAL_ADDRESS: temporal.address, TEMPORAL_TASK_QUEUE: 'uploads', TEMPORAL_WORKFLOW_BUNDLE: await workflowBundlePath() }));
// Originals in GridFS: the extract step reads them back through blobs.toLocalFile's temporary copy.
uploadScenario('mongodb', () => startServer({ MONGODB_URI: ferret.uri, MONGODB_DB: 'uploads' }));
