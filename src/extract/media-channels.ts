import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { runTool } from '../providers/ffmpeg.js';
import type { MediaTool } from '../providers/media-tool.js';

/** Seconds of a stereo file compared (from its start): enough to tell a two-speaker call from a stereo recording. */
const SAMPLE_SECONDS = 120;
/**
 * Below this correlation of the two channels they carry different sounds (a call recorded one party per channel);
 * above it they are one recording (a mono voice copied to both, a stereo microphone): mixing them loses nothing.
 */
const SEPARATE_BELOW = 0.5;
/** A channel quieter than this share of the other's energy is silence or bleed, not a speaker. */
const MIN_ENERGY_SHARE = 0.05;

export interface ChannelComparison {
  correlation: number;
  /** Energy of the quieter channel relative to the louder one (0-1). */
  energyShare: number;
  /** True when each channel should be transcribed on its own (different speakers per channel). */
  separate: boolean;
}

/** Pearson correlation and relative energy of interleaved 16-bit stereo samples. */
export function compareChannels(pcm: Buffer): ChannelComparison {
  const frames = Math.floor(pcm.length / 4);
  let sl = 0,
    sr = 0,
    sll = 0,
    srr = 0,
    slr = 0;
  for (let i = 0; i < frames; i++) {
    const l = pcm.readInt16LE(i * 4);
    const r = pcm.readInt16LE(i * 4 + 2);
    sl += l;
    sr += r;
    sll += l * l;
    srr += r * r;
    slr += l * r;
  }
  if (frames === 0) return { correlation: 1, energyShare: 0, separate: false };
  const vl = sll / frames - (sl / frames) ** 2;
  const vr = srr / frames - (sr / frames) ** 2;
  const cov = slr / frames - (sl / frames) * (sr / frames);
  const correlation = vl > 0 && vr > 0 ? cov / Math.sqrt(vl * vr) : 1;
  const energyShare = Math.max(vl, vr) > 0 ? Math.min(vl, vr) / Math.max(vl, vr) : 0;
  return { correlation, energyShare, separate: correlation < SEPARATE_BELOW && energyShare >= MIN_ENERGY_SHARE };
}

/**
 * Whether the two channels of a stereo file carry different speakers: the first SAMPLE_SECONDS are decoded to
 * 8 kHz 16-bit stereo in dir and compared. A file ffmpeg cannot decode this way counts as one recording (mixed).
 */
export async function stereoChannels(tool: MediaTool, file: string, dir: string, signal: AbortSignal): Promise<ChannelComparison> {
  const raw = path.join(dir, 'channels-8k.s16');
  const args = ['-nostdin', '-hide_banner', '-v', 'error', '-i', file, '-map', '0:a:0', '-vn', '-t', String(SAMPLE_SECONDS), '-ac', '2', '-ar', '8000', '-f', 's16le', '-y', raw];
  const r = await runTool(tool.path, args, { signal });
  if (r.code !== 0) return { correlation: 1, energyShare: 0, separate: false };
  return compareChannels(await readFile(raw));
}
