/**
 * Audio/video extraction throughput of the offline engine: seconds of audio per wall second, end to end through the
 * media extractor (ffprobe, ffmpeg to 16 kHz WAV, faster-whisper int8 on CPU with the venv's multilingual Whisper
 * base), per file and thread count.
 *
 *   npm run bench:media -- [--threads 2] [--long-seconds 300] [--rounds 1]
 *
 * Inputs: ../shared/data/audio/jfk.wav, the audio/video entries of ../shared/data/files/MANIFEST.json, and one long
 * file: espeak-ng reading README.md for about --long-seconds, as MP3 (varied speech; a looped clip would make Whisper
 * repeat itself). The helper's model load is timed once, apart from the files. Besides wall time, the CPU time of
 * the child processes (helper and ffmpeg, Linux /proc/self/stat, counted when they exit) gives audio seconds per CPU
 * second, which depends less on what else the machine runs.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { mediaExtractor } from '../src/extract/media.js';
import type { ExtractContext } from '../src/extract/types.js';
import { locateFfmpeg } from '../src/providers/ffmpeg.js';
import { createWhisperTranscriber } from '../src/providers/whisper-transcriber.js';
import { environment, intArg, loadAverage, log, markdownTable, REPO_ROOT, round, writeResults } from './lib.js';

const { values: args } = parseArgs({
  options: {
    threads: { type: 'string', default: '2' },
    'long-seconds': { type: 'string', default: '300' },
    rounds: { type: 'string', default: '1' },
  },
});
const threadCounts = String(args.threads)
  .split(',')
  .map((t) => intArg(t, 2, 'threads'));
const longSeconds = intArg(args['long-seconds'], 300, 'long-seconds');
const rounds = intArg(args.rounds, 1, 'rounds');

const SHARED = path.resolve(process.env.MNEMO_SHARED_DATA ?? path.join(REPO_ROOT, '../shared/data'));
const found = await locateFfmpeg(undefined);
if (!found.tool) throw new Error(`${found.reason}: run npm run media:install`);
const ffmpeg = found.tool;
const python = path.join(REPO_ROOT, '.tools/whisper-venv/bin/python');
if (!fs.existsSync(python)) throw new Error(`${python} is missing: run npm run media:install`);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-bench-media-'));
const manifest = JSON.parse(fs.readFileSync(path.join(SHARED, 'files/MANIFEST.json'), 'utf8')) as { file: string; kind: string }[];
const files = [path.join(SHARED, 'audio/jfk.wav'), ...manifest.filter((m) => m.kind === 'audio' || m.kind === 'video').map((m) => path.join(SHARED, 'files', m.file))];
const long = path.join(work, `espeak-readme-${longSeconds}s.mp3`);
const words = fs
  .readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8')
  .replace(/[`|#*_[\]()<>{}=\\/-]+/g, ' ')
  .split(/\s+/)
  .filter((w) => /^[a-z]{2,}[.,;:]?$/i.test(w));
const textFile = path.join(work, 'readme.txt');
fs.writeFileSync(textFile, words.slice(0, Math.round(longSeconds * 2.6)).join(' '));
execFileSync('espeak-ng', ['-v', 'en-us', '-s', '160', '-f', textFile, '-w', path.join(work, 'long.wav')]);
execFileSync(ffmpeg.path, ['-v', 'error', '-nostdin', '-y', '-i', path.join(work, 'long.wav'), '-c:a', 'libmp3lame', long]);
files.push(long);

/** CPU seconds of this process's exited children (user + system), from /proc/self/stat; null off Linux. */
function childCpuSeconds(): number | null {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100; // cutime, cstime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

interface Row {
  file: string;
  threads: number;
  audioSeconds: number;
  wallMs: number;
  audioPerWallSecond: number;
  segments: number;
}
const rows: Row[] = [];
const loads: { threads: number; loadMs: number }[] = [];
const cpu: { threads: number; childCpuSeconds: number | null; audioSeconds: number }[] = [];
const loadBefore = loadAverage();

for (const threads of threadCounts) {
  const whisper = createWhisperTranscriber({ python, modelPath: undefined, threads });
  const cpuBefore = childCpuSeconds();
  const tmpDir = fs.mkdtempSync(path.join(work, 'x-'));
  const ctx = (): ExtractContext => ({
    signal: new AbortController().signal,
    limits: {
      maxPages: 1,
      maxPixels: 1,
      maxAudioSeconds: 4 * 3600,
      maxUnzippedBytes: 1,
      maxZipEntries: 1,
      timeoutMs: 3_600_000,
      parseTimeoutMs: 60_000,
      workerHeapMb: 1024,
      maxDecodedPixels: 400_000_000,
      maxInflatedBytes: 256 * 1024 * 1024,
    },
    progress: () => {},
    ocr: null,
    transcriber: whisper,
    ffmpeg,
    tmpDir,
  });
  // Model load: a one-second silent WAV through the helper.
  const silence = path.join(work, 'silence.wav');
  execFileSync(ffmpeg.path, ['-v', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '1', silence]);
  const started = Date.now();
  await whisper.transcribe(silence, { signal: new AbortController().signal });
  loads.push({ threads, loadMs: Date.now() - started });
  for (let r = 0; r < rounds; r++) {
    for (const file of files) {
      const t0 = performance.now();
      const result = await mediaExtractor.extract({ path: file, size: fs.statSync(file).size, mime: '', filename: path.basename(file), bytes: async () => fs.readFileSync(file) }, ctx());
      const wallMs = performance.now() - t0;
      const audioSeconds = Number(result.details?.durationSeconds);
      rows.push({ file: path.basename(file), threads, audioSeconds, wallMs: Math.round(wallMs), audioPerWallSecond: round(audioSeconds / (wallMs / 1000)), segments: Number(result.details?.segments) });
      log(`${path.basename(file)} threads=${threads}: ${round(audioSeconds, 1)} s of audio in ${round(wallMs / 1000, 2)} s -> ${round(audioSeconds / (wallMs / 1000))}x`);
    }
  }
  await whisper.close();
  const cpuAfter = childCpuSeconds();
  const audio = rows.filter((r) => r.threads === threads).reduce((sum, r) => sum + r.audioSeconds, 0);
  cpu.push({ threads, childCpuSeconds: cpuBefore === null || cpuAfter === null ? null : round(cpuAfter - cpuBefore, 1), audioSeconds: round(audio, 1) });
}

const totals = threadCounts.map((threads) => {
  const mine = rows.filter((r) => r.threads === threads);
  const audio = mine.reduce((s, r) => s + r.audioSeconds, 0);
  const wall = mine.reduce((s, r) => s + r.wallMs, 0) / 1000;
  const c = cpu.find((x) => x.threads === threads)?.childCpuSeconds ?? null;
  return { threads, audioSeconds: round(audio, 1), wallSeconds: round(wall, 1), audioPerWallSecond: round(audio / wall), cpuSeconds: c, audioPerCpuSecond: c ? round(audio / c) : null };
});
const out = writeResults('extraction-media', {
  engine: 'faster-whisper 1.2.1, whisper base (multilingual) int8, cpu',
  ffmpeg: ffmpeg.version,
  environment: environment(),
  loadAverageBefore: loadBefore,
  loadAverageAfter: loadAverage(),
  modelLoad: loads,
  totals,
  rows,
});
console.log(
  `\n${markdownTable(
    ['file', 'threads', 'audio s', 'wall ms', 'audio s / wall s'],
    rows.map((r) => [r.file, r.threads, r.audioSeconds, r.wallMs, r.audioPerWallSecond]),
  )}`,
);
console.log(
  `\n${markdownTable(
    ['threads', 'audio s', 'wall s', 'audio s / wall s', 'child CPU s', 'audio s / CPU s'],
    totals.map((t) => [t.threads, t.audioSeconds, t.wallSeconds, t.audioPerWallSecond, t.cpuSeconds ?? '-', t.audioPerCpuSecond ?? '-']),
  )}`,
);
console.log(`load average before ${loadBefore.join(' ')}, after ${loadAverage().join(' ')}`);
console.log(`\nwrote ${path.relative(REPO_ROOT, out)}`);
fs.rmSync(work, { recursive: true, force: true });
