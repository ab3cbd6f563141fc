import { execFile, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { errorMessage } from '../core/errors.js';
import type { MediaTool } from './media-tool.js';

/** What locating ffmpeg found: the tool, or why there is none. */
export type FfmpegLookup = { tool: MediaTool } | { tool: null; reason: string };

const require = createRequire(import.meta.url);

/** The binary an npm package ships (@ffmpeg-installer/ffmpeg, @ffprobe-installer/ffprobe), or null when absent. */
function packagedBinary(pkg: string): string | null {
  try {
    return (require(pkg) as { path: string }).path;
  } catch {
    return null;
  }
}

export interface LocateOptions {
  /** The binaries npm install put in node_modules (default: found through the packages; tests pass their own). */
  packaged?: { ffmpeg: string | null; ffprobe: string | null };
}

/**
 * Finds ffmpeg once at start and asks it for its version with execFile (no shell): MNEMO_FFMPEG_PATH when set (only
 * that), else `ffmpeg` on PATH, else the static build npm install brings (@ffmpeg-installer/ffmpeg). ffprobe is looked
 * for next to it, on PATH, then in @ffprobe-installer/ffprobe.
 */
export async function locateFfmpeg(configured: string | undefined, o: LocateOptions = {}): Promise<FfmpegLookup> {
  const packaged = o.packaged ?? { ffmpeg: packagedBinary('@ffmpeg-installer/ffmpeg'), ffprobe: packagedBinary('@ffprobe-installer/ffprobe') };
  const candidates = configured ? [configured] : ['ffmpeg', ...(packaged.ffmpeg ? [packaged.ffmpeg] : [])];
  const failures: string[] = [];
  for (const candidate of candidates) {
    let out: string;
    try {
      out = await run(candidate, ['-hide_banner', '-version'], 10_000);
    } catch (err) {
      failures.push(`${candidate}: ${errorMessage(err)}`);
      continue;
    }
    // "ffmpeg version 5.1.8-0+deb12u1 Copyright (c) ..."
    const version = /^ffmpeg version (\S+)/m.exec(out)?.[1] ?? 'unknown';
    const ffprobe = await locateFfprobe(candidate, packaged.ffprobe);
    if (!ffprobe) return { tool: null, reason: `ffmpeg ${version} runs (${candidate}) but ffprobe was found neither next to it, nor on PATH, nor in @ffprobe-installer/ffprobe` };
    return { tool: { path: candidate, version, ffprobe } };
  }
  const where = configured ? `MNEMO_FFMPEG_PATH=${configured} does not run` : 'no ffmpeg on PATH and none from npm (@ffmpeg-installer/ffmpeg)';
  return { tool: null, reason: `${where} (${failures.join('; ')}); run npm install, install ffmpeg (apt-get install ffmpeg) or set MNEMO_FFMPEG_PATH` };
}

async function locateFfprobe(ffmpeg: string, packaged: string | null): Promise<string | null> {
  const sibling = path.isAbsolute(ffmpeg) ? path.join(path.dirname(ffmpeg), 'ffprobe') : 'ffprobe';
  for (const c of [...new Set([sibling, 'ffprobe', ...(packaged ? [packaged] : [])])]) {
    try {
      await run(c, ['-hide_banner', '-version'], 10_000);
      return c;
    } catch {
      // try the next one
    }
  }
  return null;
}

function run(file: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: timeoutMs, maxBuffer: 1024 * 1024 }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
  });
}

export interface RunToolOptions {
  signal: AbortSignal;
  /** Called with each chunk of stderr (ffmpeg writes its progress there). */
  onStderr?: (text: string) => void;
  /** Bytes of stdout kept (the rest is dropped). */
  maxStdout?: number;
}

/**
 * Runs ffmpeg or ffprobe with an argv array (never a shell). Aborting kills the process. Resolves with stdout and
 * the last 4 KB of stderr; rejects only on abort or spawn failure, so callers map non-zero exits themselves.
 */
export function runTool(file: string, args: readonly string[], o: RunToolOptions): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    if (o.signal.aborted) {
      reject(o.signal.reason);
      return;
    }
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const max = o.maxStdout ?? 1024 * 1024;
    child.stdout.on('data', (d: Buffer) => {
      if (stdout.length < max) stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      const text = d.toString();
      stderr = (stderr + text).slice(-4096);
      o.onStderr?.(text);
    });
    const onAbort = () => child.kill('SIGKILL');
    o.signal.addEventListener('abort', onAbort, { once: true });
    child.once('error', (err) => {
      o.signal.removeEventListener('abort', onAbort);
      reject(err);
    });
    child.once('close', (code) => {
      o.signal.removeEventListener('abort', onAbort);
      if (o.signal.aborted) reject(o.signal.reason);
      else resolve({ code, stdout, stderr });
    });
  });
}
