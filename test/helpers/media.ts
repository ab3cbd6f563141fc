import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ExtractContext, ExtractInput, ExtractProgress, ExtractedText } from '../../src/extract/types.js';
import { locateFfmpeg } from '../../src/providers/ffmpeg.js';
import type { MediaTool } from '../../src/providers/media-tool.js';
import type { Transcriber } from '../../src/providers/transcriber.js';
import { languageHint } from '../../src/text/language.js';
import { mediaExtractor } from '../../src/extract/media.js';

export const WHISPER_PYTHON = path.resolve(import.meta.dirname, '../../.tools/whisper-venv/bin/python');
export const SHARED = path.resolve(process.env.MNEMO_SHARED_DATA ?? path.join(import.meta.dirname, '../../../shared/data'));

/** ffmpeg, espeak-ng and the whisper venv installed by `npm run media:install`; missing is an error, never a skip. */
export async function requireMediaTools(): Promise<{ ffmpeg: MediaTool; whisperPython: string }> {
  const found = await locateFfmpeg(undefined);
  if (!found.tool) throw new Error(`${found.reason}: run npm run media:install`);
  if (!fs.existsSync(WHISPER_PYTHON)) throw new Error(`${WHISPER_PYTHON} is missing: run npm run media:install (or bash scripts/install-media.sh whisper)`);
  try {
    execFileSync('espeak-ng', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error('espeak-ng is missing: run npm run media:install (or apt-get install espeak-ng)');
  }
  return { ffmpeg: found.tool, whisperPython: WHISPER_PYTHON };
}

export function tmpDir(prefix = 'mnemo-media-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Speech of `text` as a WAV file made by espeak-ng (argv only). */
export function speak(text: string, out: string): string {
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', out, text], { stdio: 'ignore' });
  return out;
}

/** Runs ffmpeg quietly with these arguments (fixtures only). */
export function ffmpeg(tool: MediaTool, ...args: string[]): void {
  execFileSync(tool.path, ['-v', 'error', '-nostdin', '-y', ...args], { stdio: 'ignore' });
}

/** Lower case, letters, digits and single spaces: what transcript assertions compare. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export interface MediaRun {
  result: ExtractedText;
  progress: ExtractProgress[];
}

/** The media extractor on a file with these engines and limits; the temporary directory is removed afterwards. */
export async function extractMedia(
  file: string,
  engines: { ffmpeg: MediaTool | null; transcriber: Transcriber | null; unavailable?: ExtractContext['unavailable'] },
  o: { maxAudioSeconds?: number; signal?: AbortSignal; onProgress?: (p: ExtractProgress) => void; language?: string } = {},
): Promise<MediaRun> {
  const dir = tmpDir();
  const progress: ExtractProgress[] = [];
  const input: ExtractInput = { path: file, size: fs.statSync(file).size, mime: 'application/octet-stream', filename: path.basename(file), bytes: async () => fs.readFileSync(file) };
  const ctx: ExtractContext = {
    signal: o.signal ?? new AbortController().signal,
    limits: {
      maxPages: 1000,
      maxPixels: 1e8,
      maxAudioSeconds: o.maxAudioSeconds ?? 3600,
      maxUnzippedBytes: 1e9,
      maxZipEntries: 10_000,
      timeoutMs: 600_000,
      parseTimeoutMs: 60_000,
      workerHeapMb: 1024,
      maxDecodedPixels: 400_000_000,
      maxInflatedBytes: 256 * 1024 * 1024,
    },
    progress: (p) => {
      progress.push(p);
      o.onProgress?.(p);
    },
    ocr: null,
    transcriber: engines.transcriber,
    ffmpeg: engines.ffmpeg,
    ...(engines.unavailable ? { unavailable: engines.unavailable } : {}),
    tmpDir: dir,
    ...(o.language ? { language: languageHint({ language: o.language })! } : {}),
  };
  try {
    return { result: await mediaExtractor.extract(input, ctx), progress };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
