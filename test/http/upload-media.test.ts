import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Supermemory from 'supermemory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED, ffmpeg, normalise, requireMediaTools, tmpDir } from '../helpers/media.js';
import { TEST_KEY, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/** Audio and video through POST /v3/documents/file with the official client, on the real engines (offline whisper). */
describe('uploading audio and video', { timeout: 120_000 }, () => {
  let rt: TestRuntime;
  let server: http.Server;
  let client: Supermemory;
  let dir: string;

  beforeAll(async () => {
    await requireMediaTools();
    dir = tmpDir();
    rt = await createTestRuntime({ MNEMO_TRANSCRIPTION: 'local' });
    server = http.createServer(rt.app.callback());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    client = new Supermemory({ apiKey: TEST_KEY, baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, maxRetries: 0 });
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    await rt?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const doc = async (id: string) => {
    await rt.settle(90_000);
    return (await client.documents.get(id)) as Awaited<ReturnType<typeof client.documents.get>> & Record<string, any>;
  };

  it('transcribes a WAV and an MP4 to timestamped text that search finds', async () => {
    const wav = await client.documents.uploadFile({ file: fs.createReadStream(path.join(SHARED, 'audio/jfk.wav')), containerTags: 'talks' });
    const mp4 = await client.documents.uploadFile({ file: fs.createReadStream(path.join(SHARED, 'files/madh93-whisper_jfk.mp4')), containerTags: 'talks' });
    const a = await doc(wav.id);
    expect(a).toMatchObject({ status: 'done', type: 'audio' });
    expect(a.content).toMatch(/^\[00:00:00\] /);
    expect(normalise(String(a.content))).toContain('ask not what your country can do for you');
    const b = await doc(mp4.id);
    expect(b).toMatchObject({ status: 'done', type: 'video' });
    expect(normalise(String(b.content))).toContain('fellow americans');
    const found = await client.search.documents({ q: 'ask not what your country can do', containerTags: ['talks'] });
    expect(found.results.map((r) => r.documentId)).toEqual(expect.arrayContaining([wav.id, mp4.id]));
  });

  it('fails a video without sound with the reason, and keeps serving', async () => {
    const file = path.join(dir, 'no-sound.mp4');
    ffmpeg((await requireMediaTools()).ffmpeg, '-f', 'lavfi', '-i', 'testsrc=d=2:s=64x64', '-c:v', 'mpeg4', file);
    const up = await client.documents.uploadFile({ file: fs.createReadStream(file) });
    const d = await doc(up.id);
    expect(d.status).toBe('failed');
    expect(JSON.stringify(d)).toMatch(/no audio track/);
    const health = await fetch(`${client.baseURL}/health`, { headers: { authorization: `Bearer ${TEST_KEY}` } });
    const body = (await health.json()) as { providers: { extraction: { transcription: unknown; ffmpeg: { version: string } } } };
    expect(body.providers.extraction.transcription).toEqual({ engine: 'local', model: 'whisper-base' });
    // A release ("5.1.8-0+deb12u1") or a snapshot build ("N-47683-g0e8eb07980-static", the npm package's binary).
    expect(body.providers.extraction.ffmpeg.version).toMatch(/^(?:n?\d+\.\d+|N-\d+-g[0-9a-f]+)/);
  });
});
