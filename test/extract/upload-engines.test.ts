import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExtractionEngines } from '../../src/providers/extraction-engines.js';
import { auth, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';
import { REAL } from '../helpers/real-fixtures.js';

/** Engines of a server without ffmpeg and transcription (what a fresh install had before npm install set them up). */
function enginesWithout(missing: { ocr?: string; transcriber?: string; ffmpeg?: string }): ExtractionEngines {
  return {
    ocr: missing.ocr ? null : { name: 'fake-ocr', recognize: async () => ({ text: 'never read', confidence: 90 }) },
    transcriber: null,
    ffmpeg: null,
    unavailable: { ...missing },
    close: async () => {},
  };
}

let runtime: TestRuntime | undefined;
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
});

async function upload(file: string) {
  return request(runtime!.app.callback())
    .post('/v3/documents/file')
    .set(auth)
    .attach('file', fs.readFileSync(path.join(REAL, file)), file);
}

describe('uploads of a type this server cannot process right now', () => {
  it('refuses audio at once (415, naming what is missing and why) and stores no document', async () => {
    runtime = await createTestRuntime({}, { extraction: enginesWithout({ ffmpeg: 'no ffmpeg on PATH', transcriber: 'no faster-whisper venv' }) });
    const res = await upload('speech-french.aiff');
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({
      code: 'FILE_TYPE_UNAVAILABLE',
      details: { detected: expect.stringMatching(/^audio\//), unavailable: { ffmpeg: 'no ffmpeg on PATH', transcriber: 'no faster-whisper venv' } },
    });
    expect(res.body.error).toContain('cannot be processed on this server right now');
    const list = await request(runtime.app.callback()).post('/v3/documents/list').set(auth).send({});
    expect(list.body.memories ?? list.body.documents ?? []).toEqual([]);
  });

  it('refuses an image when OCR is off, but accepts the same image where OCR is available', async () => {
    runtime = await createTestRuntime({}, { extraction: enginesWithout({ ocr: 'OCR is switched off (MNEMO_OCR=off)', ffmpeg: 'x', transcriber: 'x' }) });
    const refused = await upload('cosmic.png');
    expect(refused.status).toBe(415);
    expect(refused.body.details.unavailable).toEqual({ ocr: 'OCR is switched off (MNEMO_OCR=off)' });
    await runtime.close();
    runtime = await createTestRuntime({}, { extraction: enginesWithout({ ffmpeg: 'x', transcriber: 'x' }) });
    const accepted = await upload('cosmic.png');
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: expect.any(String), status: 'queued' });
  });

  it('still takes documents that need no engine (DOCX) on a server without any', async () => {
    runtime = await createTestRuntime({}, { extraction: enginesWithout({ ocr: 'off', ffmpeg: 'x', transcriber: 'x' }) });
    const res = await upload('docx-comments.docx');
    expect(res.status).toBe(200);
  });

  it('/health says which kinds this server reads now and why the others are refused', async () => {
    runtime = await createTestRuntime({}, { extraction: enginesWithout({ ffmpeg: 'no ffmpeg on PATH', transcriber: 'no faster-whisper venv' }) });
    const res = await request(runtime.app.callback()).get('/health').set(auth);
    expect(res.status).toBe(200);
    expect(res.body.providers.extraction).toMatchObject({
      supports: { images: true, scannedPdfs: true, audio: false, video: false },
      ocr: { engine: 'fake-ocr' },
      transcription: null,
      ffmpeg: null,
      unavailable: { ffmpeg: 'no ffmpeg on PATH', transcriber: 'no faster-whisper venv' },
    });
    await runtime.close();
    runtime = await createTestRuntime({}, { extraction: enginesWithout({ ocr: 'OCR is switched off (MNEMO_OCR=off)', ffmpeg: 'x', transcriber: 'x' }) });
    const off = await request(runtime.app.callback()).get('/health').set(auth);
    expect(off.body.providers.extraction.supports).toEqual({ images: false, scannedPdfs: false, audio: false, video: false });
    expect(off.body.providers.extraction.unavailable.ocr).toBe('OCR is switched off (MNEMO_OCR=off)');
  });
});
