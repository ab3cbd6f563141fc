import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createError, errorMessage } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import type { Transcriber, TranscriptSegment } from './transcriber.js';

/** scripts/whisper-helper.py, found from this file (src/providers or a build output next to it). */
export const WHISPER_HELPER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/whisper-helper.py');

/**
 * Telephone audio is also decoded this much slower (same pitch) for the helper, which transcribes that copy instead when
 * the first 30 s are in a language Whisper base hears better slowed (scripts/whisper-helper.py SLOWER_LANGUAGES); the
 * same gate applies to SHORT_SLOWER's copies.
 */
export const SLOWER_TEMPO = 0.9;

/**
 * Wide-band clips of at most one Whisper window (30 s) are also decoded 15% slower for the same helper gate (English
 * only). On the speech tuning and shared sets (round 21) this kept "four of clubs" (heard "four of close") and
 * "said Catherine" (heard "Chatherin") and lost no phrase on 26 short and long clips, 11 of them short English clips
 * added that round; longer readings are not slowed (a read sonnet lost phrases at 0.85 in round 20).
 */
export const SHORT_SLOWER = { tempo: 0.85, maxSeconds: 30 } as const;

export interface WhisperOptions {
  /** The venv's python with faster-whisper (scripts/install-media.sh). */
  python: string;
  /** CTranslate2 model dir; undefined = the multilingual base model the venv holds (scripts/install-media.sh). */
  modelPath: string | undefined;
  threads: number;
  logger?: Logger;
  /** Time allowed for the helper to load the model. */
  startTimeoutMs?: number;
}

/** Why the offline engine cannot run here, or null when its files are in place (it is started on first use). */
export function whisperUnavailableReason(o: Pick<WhisperOptions, 'python' | 'modelPath'>): string | null {
  if (!fs.existsSync(o.python)) return `no faster-whisper venv at ${o.python} (run npm run media:install, or set MNEMO_WHISPER_PYTHON)`;
  if (!fs.existsSync(WHISPER_HELPER)) return `${WHISPER_HELPER} is missing`;
  if (o.modelPath && !fs.existsSync(path.join(o.modelPath, 'model.bin'))) return `no CTranslate2 model.bin in MNEMO_WHISPER_MODEL_PATH=${o.modelPath}`;
  if (!o.modelPath && !fs.existsSync(path.join(bundledModelDir(o.python), 'model.bin'))) {
    return `the venv of ${o.python} has no Whisper model at ${bundledModelDir(o.python)} (run npm run media:install)`;
  }
  return null;
}

/** Where scripts/install-media.sh puts the multilingual base model: <venv>/models/whisper-base (the helper's default). */
export function bundledModelDir(python: string): string {
  return path.resolve(path.dirname(python), '..', 'models', 'whisper-base');
}

type HelperMessage =
  | { type: 'ready'; model: string; multilingual: boolean }
  | { id: number; type: 'segment'; start: number; end: number; text: string }
  | { id: number; type: 'done'; language: string | null; languageProbability?: number; duration: number; tempo?: number }
  | { id: number; type: 'error'; message: string };

interface Helper {
  child: ChildProcessWithoutNullStreams;
  model: string;
  listeners: Set<(m: HelperMessage) => void>;
  exited: Promise<void>;
  stderr: () => string;
}

/**
 * The offline engine: faster-whisper in a long-lived Python helper speaking JSON lines (scripts/whisper-helper.py).
 * The model loads once; requests run one at a time. An abort kills the helper (the next request starts a new one),
 * and so does close(); a helper that died is restarted on the next request.
 */
export function createWhisperTranscriber(o: WhisperOptions): Transcriber & { close(): Promise<void>; readonly model: string } {
  let helper: Promise<Helper> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let nextId = 1;
  let modelName = o.modelPath ? path.basename(o.modelPath) : 'whisper-base';

  const start = (): Promise<Helper> => {
    const args = [WHISPER_HELPER, '--threads', String(o.threads), ...(o.modelPath ? ['--model', o.modelPath] : [])];
    // The helper sets HF_HUB_OFFLINE itself and loads a local directory: nothing is downloaded at run time.
    const child = spawn(o.python, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    const listeners = new Set<(m: HelperMessage) => void>();
    const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      let msg: HelperMessage;
      try {
        msg = JSON.parse(line) as HelperMessage;
      } catch {
        o.logger?.warn('whisper helper wrote a non-JSON line', { line: line.slice(0, 200) });
        return;
      }
      for (const l of listeners) l(msg);
    });
    return new Promise<Helper>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(createError('TRANSCRIPTION_FAILED', [`the whisper helper did not load its model within ${o.startTimeoutMs ?? 120_000} ms`], { permanent: false }));
      }, o.startTimeoutMs ?? 120_000);
      const onReady = (m: HelperMessage) => {
        if (m.type !== 'ready') return;
        clearTimeout(timer);
        listeners.delete(onReady);
        modelName = m.model;
        o.logger?.info('whisper helper ready', { model: m.model, pid: child.pid });
        resolve({ child, model: m.model, listeners, exited, stderr: () => stderr });
      };
      listeners.add(onReady);
      child.once('error', (err) => {
        clearTimeout(timer);
        reject(createError('TRANSCRIPTION_FAILED', [`cannot start ${o.python}: ${errorMessage(err)}`], { permanent: false, cause: err }));
      });
      void exited.then(() => {
        clearTimeout(timer);
        // A broken installation (missing package or model file) will not heal by retrying.
        const broken = /ModuleNotFoundError|ImportError|No such file|Unable to open file|model\.bin/.test(stderr);
        reject(createError('TRANSCRIPTION_FAILED', [`the whisper helper exited while loading: ${stderr.trim().split('\n').slice(-3).join(' | ')}`], { permanent: broken }));
      });
    });
  };

  const getHelper = async (): Promise<Helper> => {
    if (helper) {
      const h = await helper.catch(() => null);
      if (h && h.child.exitCode === null && h.child.signalCode === null) return h;
    }
    helper = start();
    return helper;
  };

  const kill = async () => {
    const h = await helper?.catch(() => null);
    helper = null;
    if (h && h.child.exitCode === null) {
      h.child.kill('SIGKILL');
      await h.exited;
    }
  };

  const transcribeOnce = async (wavPath: string, opts: Parameters<Transcriber['transcribe']>[1]) => {
    opts.signal.throwIfAborted();
    const h = await getHelper();
    opts.signal.throwIfAborted();
    const id = nextId++;
    const segments: TranscriptSegment[] = [];
    return new Promise<Awaited<ReturnType<Transcriber['transcribe']>>>((resolve, reject) => {
      const finish = (fn: () => void) => {
        h.listeners.delete(onMessage);
        opts.signal.removeEventListener('abort', onAbort);
        fn();
      };
      const onMessage = (m: HelperMessage) => {
        if (m.type === 'ready' || m.id !== id) return;
        if (m.type === 'segment') {
          segments.push({ start: m.start, end: m.end, text: m.text });
          opts.onProgress?.(m.end);
        } else if (m.type === 'done') {
          finish(() =>
            resolve({
              language: m.language,
              ...(typeof m.languageProbability === 'number' ? { languageProbability: m.languageProbability } : {}),
              durationSeconds: m.duration,
              segments,
              ...(typeof m.tempo === 'number' ? { tempo: m.tempo } : {}),
            }),
          );
        } else {
          finish(() => reject(createError('TRANSCRIPTION_FAILED', [m.message], { permanent: true })));
        }
      };
      // The helper cannot stop mid-file: kill it, the next request starts a fresh one.
      const onAbort = () =>
        finish(() => {
          void kill();
          reject(opts.signal.reason);
        });
      h.listeners.add(onMessage);
      opts.signal.addEventListener('abort', onAbort, { once: true });
      void h.exited.then(() => finish(() => reject(createError('TRANSCRIPTION_FAILED', [`the whisper helper died: ${h.stderr().trim().split('\n').slice(-3).join(' | ')}`], { permanent: false }))));
      const slower = opts.slower ? { path: opts.slower.wavPath, tempo: opts.slower.tempo } : null;
      h.child.stdin.write(`${JSON.stringify({ id, path: wavPath, language: opts.language ?? null, slower })}\n`);
    });
  };

  return {
    name: 'local',
    slowerSpeech: { tempo: SLOWER_TEMPO, short: SHORT_SLOWER },
    get model() {
      return modelName;
    },
    transcribe(wavPath, opts) {
      // One request at a time; one aborted while it waits for its turn leaves the queue at once.
      const turn = queue;
      const run = waitTurn(turn, opts.signal).then(() => transcribeOnce(wavPath, opts));
      queue = turn.then(() => run).catch(() => undefined);
      return run;
    },
    close: kill,
  };
}

function waitTurn(turn: Promise<unknown>, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    void turn.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}
