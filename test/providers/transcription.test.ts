import busboy from 'busboy';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config.js';
import { isAppError } from '../../src/core/errors.js';
import { silentLogger } from '../../src/core/logger.js';
import { locateFfmpeg } from '../../src/providers/ffmpeg.js';
import { createMediaEngines } from '../../src/providers/media-engines.js';
import type { MediaTool } from '../../src/providers/media-tool.js';
import { createOpenAITranscriber, transcriptionsUrl } from '../../src/providers/openai-transcriber.js';
import { readWavLayout } from '../../src/providers/wav.js';
import { createWhisperTranscriber } from '../../src/providers/whisper-transcriber.js';
import { SHARED, WHISPER_PYTHON, extractMedia, requireMediaTools } from '../helpers/media.js';

const JFK = path.join(SHARED, 'audio/jfk.wav');

interface Upload {
  headers: http.IncomingHttpHeaders;
  fields: Record<string, string>;
  file: Buffer;
}

type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | 'segments' | 'text-only';

/** An OpenAI-compatible /v1/audio/transcriptions that records each multipart upload and answers from a script. */
async function startFakeTranscriptions() {
  const uploads: Upload[] = [];
  const script: Reply[] = [];
  const server = http.createServer((req, res) => {
    const fields: Record<string, string> = {};
    const parts: Buffer[] = [];
    const bb = busboy({ headers: req.headers });
    bb.on('field', (name, value) => (fields[name] = value));
    bb.on('file', (_name, stream) => stream.on('data', (d: Buffer) => parts.push(d)));
    bb.on('close', () => {
      const file = Buffer.concat(parts);
      uploads.push({ headers: req.headers, fields, file });
      const reply = script.shift() ?? 'segments';
      if (req.url !== '/v1/audio/transcriptions') {
        res.writeHead(404).end();
      } else if (typeof reply === 'object') {
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(JSON.stringify(reply.body ?? { error: { message: 'scripted' } }));
      } else {
        // Each chunk is described by its own length: two segments, numbered by upload.
        const seconds = (file.length - 44) / 32_000;
        const n = uploads.length - 1;
        const body =
          reply === 'segments'
            ? {
                language: 'english',
                duration: seconds,
                text: 'x',
                segments: [
                  { start: 0, end: seconds / 2, text: ` upload ${n} first` },
                  { start: seconds / 2, end: seconds, text: `upload ${n} second ` },
                ],
              }
            : { text: `upload ${n} whole` };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      }
    });
    req.pipe(bb);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    uploads,
    script,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let fake: Awaited<ReturnType<typeof startFakeTranscriptions>>;
beforeAll(async () => {
  fake = await startFakeTranscriptions();
});
afterAll(async () => fake?.close());

function freshCopy(name: string): string {
  const dir = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'mnemo-tr-'));
  const file = path.join(dir, name);
  fs.copyFileSync(JFK, file);
  return file;
}

describe('OpenAI-compatible transcription', () => {
  it('splits long audio under the upload limit, shifts timestamps by each chunk start and retries a 429', async () => {
    fake.uploads.length = 0;
    fake.script.push({ status: 429, headers: { 'retry-after-ms': '20' } });
    const t = createOpenAITranscriber({ url: fake.url, apiKey: 'sk-test', model: 'whisper-test', timeoutMs: 10_000, maxUploadBytes: 150_000 });
    const wav = freshCopy('jfk.wav');
    const progress: number[] = [];
    const result = await t.transcribe(wav, { signal: new AbortController().signal, onProgress: (s) => progress.push(s) });

    const layout = await readWavLayout(JFK);
    const total = layout.dataBytes / layout.byteRate;
    const chunkSeconds = (Math.floor((150_000 - 44) / 2) * 2) / 32_000;
    expect(fake.uploads).toHaveLength(1 + Math.ceil(total / chunkSeconds)); // the 429, then one request per chunk
    for (const u of fake.uploads) {
      expect(u.file.length).toBeLessThanOrEqual(150_000);
      expect(u.file.subarray(0, 4).toString()).toBe('RIFF');
      expect(u.headers.authorization).toBe('Bearer sk-test');
      expect(u.fields).toMatchObject({ model: 'whisper-test', response_format: 'verbose_json', 'timestamp_granularities[]': 'segment' });
    }
    expect(fake.uploads[0]!.file.equals(fake.uploads[1]!.file)).toBe(true);
    expect(result.segments[0]).toMatchObject({ start: 0, text: 'upload 1 first' });
    expect(result.segments[2]!.text).toBe('upload 2 first');
    expect(result.segments[2]!.start).toBeCloseTo(chunkSeconds, 3);
    expect(result.segments.at(-1)!.end).toBeCloseTo(total, 3);
    expect(result.durationSeconds).toBeCloseTo(total, 3);
    expect(result.language).toBe('english');
    expect(progress.at(-1)).toBeCloseTo(total, 3);
    expect(fs.readdirSync(path.dirname(wav))).toEqual(['jfk.wav']); // chunk files removed
  });

  it('fails at once on a 401 (permanent) and after its attempts on a 5xx (transient)', async () => {
    const t = createOpenAITranscriber({ url: `${fake.url}/v1`, apiKey: 'bad', model: 'm', timeoutMs: 10_000, maxAttempts: 3, retryBaseMs: 5 });
    fake.uploads.length = 0;
    fake.script.push({ status: 401, body: { error: { message: 'invalid key' } } });
    const denied = await t.transcribe(JFK, { signal: new AbortController().signal }).catch((e: unknown) => e);
    expect(isAppError(denied) && denied.code === 'TRANSCRIPTION_FAILED' && denied.permanent).toBe(true);
    expect((denied as Error).message).toMatch(/HTTP 401.*invalid key/);
    expect(fake.uploads).toHaveLength(1);

    fake.uploads.length = 0;
    fake.script.push({ status: 503 }, { status: 500 }, { status: 502 });
    const down = await t.transcribe(JFK, { signal: new AbortController().signal }).catch((e: unknown) => e);
    expect(isAppError(down) && down.code === 'TRANSCRIPTION_FAILED' && !down.permanent).toBe(true);
    expect(fake.uploads).toHaveLength(3);
  });

  it('takes a text-only answer as one segment per chunk', async () => {
    fake.uploads.length = 0;
    fake.script.push('text-only');
    const t = createOpenAITranscriber({ url: fake.url, apiKey: undefined, model: 'm', timeoutMs: 10_000 });
    const result = await t.transcribe(JFK, { signal: new AbortController().signal });
    expect(result.segments).toEqual([{ start: 0, end: expect.closeTo(11, 0) as number, text: 'upload 0 whole' }]);
    expect(fake.uploads[0]!.headers.authorization).toBeUndefined();
  });

  it('builds the endpoint from a base URL with or without /v1', () => {
    expect(transcriptionsUrl('http://h:8000')).toBe('http://h:8000/v1/audio/transcriptions');
    expect(transcriptionsUrl('http://h:8000/v1/')).toBe('http://h:8000/v1/audio/transcriptions');
    expect(transcriptionsUrl('https://api.groq.com/openai/v1')).toBe('https://api.groq.com/openai/v1/audio/transcriptions');
    expect(transcriptionsUrl('http://h/v1/audio/transcriptions')).toBe('http://h/v1/audio/transcriptions');
  });

  it('serves the media extractor end to end: a video becomes timestamped paragraphs from the endpoint', async () => {
    const { ffmpeg } = await requireMediaTools();
    fake.uploads.length = 0;
    const t = createOpenAITranscriber({ url: fake.url, apiKey: 'k', model: 'whisper-1', timeoutMs: 10_000 });
    const { result } = await extractMedia(path.join(SHARED, 'files/madh93-whisper_jfk.mp4'), { ffmpeg, transcriber: t });
    expect(result.content).toMatch(/^\[00:00:00\] upload 0 first upload 0 second$/);
    expect(result.type).toBe('video');
    expect(result.details).toMatchObject({ engine: 'openai', model: 'whisper-1', language: 'english' });
    // What was uploaded is the 16 kHz mono PCM WAV ffmpeg made of the video's AAC track.
    const head = fake.uploads[0]!.file;
    expect([head.readUInt16LE(22), head.readUInt32LE(24)]).toEqual([1, 16_000]);
  });
});

describe('choosing the engines from config', () => {
  const env = (extra: Record<string, string>) => loadConfig({ MNEMO_DATA_DIR: '/tmp/unused', ...extra });
  let ffmpegTool: MediaTool;
  beforeAll(async () => {
    ffmpegTool = (await requireMediaTools()).ffmpeg;
  });

  it('auto: the endpoint when MNEMO_TRANSCRIPTION_URL is set, else the installed offline engine', async () => {
    const remote = await createMediaEngines(env({ MNEMO_TRANSCRIPTION_URL: fake.url, MNEMO_TRANSCRIPTION_MODEL: 'large' }), silentLogger);
    expect([remote.transcriber?.name, remote.transcriber?.model]).toEqual(['openai', 'large']);
    expect(remote.ffmpeg).toMatchObject({ path: ffmpegTool.path, version: ffmpegTool.version });
    const local = await createMediaEngines(env({ MNEMO_WHISPER_PYTHON: WHISPER_PYTHON }), silentLogger);
    expect(local.transcriber?.name).toBe('local');
    expect(local.unavailable).toEqual({});
    await local.close();
  });

  it('says why an engine is missing', async () => {
    const off = await createMediaEngines(env({ MNEMO_TRANSCRIPTION: 'off' }), silentLogger);
    expect(off.transcriber).toBeNull();
    expect(off.unavailable.transcriber).toMatch(/MNEMO_TRANSCRIPTION=off/);
    const none = await createMediaEngines(env({ MNEMO_WHISPER_PYTHON: '/nonexistent/python', MNEMO_FFMPEG_PATH: '/nonexistent/ffmpeg' }), silentLogger);
    expect(none.transcriber).toBeNull();
    expect(none.unavailable.transcriber).toMatch(/\/nonexistent\/python.*media:install/);
    expect(none.ffmpeg).toBeNull();
    expect(none.unavailable.ffmpeg).toMatch(/MNEMO_FFMPEG_PATH=\/nonexistent\/ffmpeg does not run/);
  });

  it('fails permanently when the offline engine cannot load its model', async () => {
    const t = createWhisperTranscriber({ python: WHISPER_PYTHON, modelPath: '/nonexistent/model', threads: 1 });
    const err = await t.transcribe(JFK, { signal: new AbortController().signal }).catch((e: unknown) => e);
    await t.close();
    expect(isAppError(err) && err.code === 'TRANSCRIPTION_FAILED' && err.permanent).toBe(true);
    expect((err as Error).message).toMatch(/exited while loading/);
  });

  it('reads the version of the ffmpeg it finds', async () => {
    const found = await locateFfmpeg(ffmpegTool.path);
    // A release ("5.1.8-0+deb12u1") or a snapshot build ("N-47683-g0e8eb07980-static", the npm package's binary).
    expect(found.tool?.version).toMatch(/^(?:n?\d+\.\d+|N-\d+-g[0-9a-f]+)/);
    expect(found.tool?.ffprobe).toMatch(/ffprobe$/);
  });

  it('requires a URL for MNEMO_TRANSCRIPTION=openai', () => {
    expect(() => env({ MNEMO_TRANSCRIPTION: 'openai' })).toThrow(/MNEMO_TRANSCRIPTION_URL/);
  });
});
