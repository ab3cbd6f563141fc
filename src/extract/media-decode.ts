import path from 'node:path';
import { createError } from '../core/errors.js';
import { runTool } from '../providers/ffmpeg.js';
import type { MediaTool } from '../providers/media-tool.js';
import type { SlowerSpeech } from '../providers/transcriber.js';
import { readWavLayout } from '../providers/wav.js';

/** What ffprobe says about a file. */
export interface MediaProbe {
  format: string;
  /** Seconds; null when the container does not say. */
  duration: number | null;
  audioCodec: string | null;
  /** Channels of the first audio stream (null when ffprobe does not say). */
  channels: number | null;
  /** Sample rate of the first audio stream in Hz (null when ffprobe does not say). */
  sampleRate: number | null;
  hasVideo: boolean;
}

interface FfprobeJson {
  format?: { format_name?: string; duration?: string };
  streams?: { codec_type?: string; codec_name?: string; channels?: number; sample_rate?: string; duration?: string; disposition?: { attached_pic?: number } }[];
}

const lastLine = (stderr: string) => stderr.trim().split('\n').filter(Boolean).slice(-2).join(' | ').slice(0, 300) || 'no detail';

/** ffprobe as JSON (argv only, the path after `-i`); a file it cannot read is FILE_CORRUPT. */
export async function probeMedia(tool: MediaTool, file: string, signal: AbortSignal): Promise<MediaProbe> {
  const r = await runTool(tool.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '-i', file], { signal });
  let json: FfprobeJson;
  try {
    json = JSON.parse(r.stdout) as FfprobeJson;
  } catch {
    json = {};
  }
  if (r.code !== 0 || !json.format) throw createError('FILE_CORRUPT', [`ffprobe cannot read the media: ${lastLine(r.stderr)}`], { permanent: true });
  const streams = json.streams ?? [];
  const audio = streams.find((s) => s.codec_type === 'audio');
  // Cover art in MP3/M4A is a "video" stream with attached_pic: not a video.
  const hasVideo = streams.some((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const seconds = [json.format.duration, audio?.duration].map(Number).find((n) => Number.isFinite(n) && n > 0);
  const rate = Number(audio?.sample_rate);
  return {
    format: json.format.format_name ?? 'unknown',
    duration: seconds ?? null,
    audioCodec: audio?.codec_name ?? null,
    channels: audio?.channels ?? null,
    sampleRate: Number.isFinite(rate) && rate > 0 ? rate : null,
    hasVideo,
  };
}

/**
 * Clean-up of telephone audio before transcription: a high-pass at 80 Hz (rumble and hum, below any voice) and FFT
 * reduction of the steady noise floor (afftdn's defaults: 12 dB off a -50 dB floor). Chosen on the speech tuning set:
 * over 12 telephone prompts (8 kHz, three languages) it gained a phrase ("While those premier provider" became "We're
 * the premier provider") and lost none; on wide-band recordings it cost one (JFK's noisy inaugural speech: "fellow
 * Americans" became "fellow America"), so only narrow-band audio gets it. Loudness normalisation (dynaudnorm) lost
 * phrases on both kinds.
 */
export const SPEECH_CLEAN_UP = 'highpass=f=80,afftdn';

/**
 * Loudness normalisation (EBU R128, ffmpeg's loudnorm with its defaults: -24 LUFS integrated, 7 LU range, -2 dBTP) of
 * every file, last before resampling: a quietly recorded reading reaches Whisper at the level of speech it knows.
 * Chosen on the speech tuning set: a read sonnet (16 kHz FLAC) went from 4 to 7 of 8 phrases ("contracted to thine
 * own bright eyes", "Making a famine", "Pity the world" where it heard "thy own", "taking", "Beauty, the world"), and
 * no clip of the tune or shared sets lost a phrase. dynaudnorm (a per-frame gain) lost phrases in round 18.
 */
export const SPEECH_LEVEL = 'loudnorm';

/** Telephone bandwidth: audio sampled at this rate or below (8 kHz calls, voicemail, IVR prompts) is cleaned up. */
const TELEPHONE_MAX_RATE = 8000;

/** Whether audio at this sample rate is telephone-band speech that SPEECH_CLEAN_UP helps. */
export function needsCleanUp(sampleRate: number | null): boolean {
  return sampleRate !== null && sampleRate <= TELEPHONE_MAX_RATE;
}

/**
 * The tempo of the slowed copy to decode for an engine that asks for one (Transcriber.slowerSpeech), or undefined for
 * none: telephone-band audio at its telephone tempo; wide-band audio of at most `short.maxSeconds` at the short tempo;
 * anything longer is not slowed. The engine still decides by the spoken language whether it reads that copy.
 */
export function slowerTempo(speech: SlowerSpeech | undefined, audio: { sampleRate: number | null; seconds: number }): number | undefined {
  if (!speech) return undefined;
  if (needsCleanUp(audio.sampleRate)) return speech.tempo;
  return speech.short && audio.seconds <= speech.short.maxSeconds ? speech.short.tempo : undefined;
}

/**
 * ffmpeg's argv to decode the first audio stream of file to 16 kHz mono WAV: mixed, or one channel; cleaned up or not;
 * then brought to speech level (SPEECH_LEVEL) unless `level` is false (an ffmpeg without the filter); then, when a
 * `tempo` other than 1 is given, slowed down or sped up to it at the same pitch (atempo), at most maxSeconds of the
 * original either way.
 */
export function decodeArgs(file: string, wavPath: string, o: { maxSeconds: number; channel?: number | undefined; cleanUp: boolean; level?: boolean; tempo?: number | undefined }): string[] {
  const tempo = o.tempo ?? 1;
  const filters = [...(o.channel === undefined ? [] : [`pan=mono|c0=c${o.channel}`]), ...(o.cleanUp ? [SPEECH_CLEAN_UP] : []), ...(o.level === false ? [] : [SPEECH_LEVEL]), ...(tempo === 1 ? [] : [`atempo=${tempo}`])];
  const mix = o.channel === undefined ? ['-ac', '1'] : [];
  return [
    ...['-nostdin', '-hide_banner', '-v', 'error', '-i', file, '-map', '0:a:0', '-vn', ...mix],
    ...(filters.length ? ['-af', filters.join(',')] : []),
    ...['-ar', '16000', '-c:a', 'pcm_s16le', '-t', String(Math.ceil(o.maxSeconds / tempo)), '-f', 'wav', '-y', wavPath],
  ];
}

/**
 * The first audio stream as 16 kHz mono 16-bit WAV in dir (what both transcribers expect), at most maxSeconds of
 * it: both channels mixed, or only `channel` (0 = left, 1 = right), cleaned up (SPEECH_CLEAN_UP) when asked, at speech
 * level (SPEECH_LEVEL), at `tempo` when given (a slowed copy for the transcriber, Transcriber.slowerSpeech). Returns
 * the path and the decoded length, in seconds of the original.
 * ffmpeg failing, or decoding far less than the container promised (a truncated file), is FILE_CORRUPT.
 */
export async function decodeToWav(
  tool: MediaTool,
  file: string,
  dir: string,
  o: { signal: AbortSignal; maxSeconds: number; expectedSeconds: number | null; channel?: number; cleanUp?: boolean; tempo?: number },
): Promise<{ wavPath: string; seconds: number }> {
  const tempo = o.tempo ?? 1;
  const name = `audio-16k${o.channel === undefined ? '' : `-c${o.channel}`}${tempo === 1 ? '' : `-tempo${tempo}`}.wav`;
  const wavPath = path.join(dir, name);
  const cleanUp = o.cleanUp ?? false;
  const base = { maxSeconds: o.maxSeconds, channel: o.channel, tempo };
  let r = await runTool(tool.path, decodeArgs(file, wavPath, { ...base, cleanUp }), { signal: o.signal });
  // An ffmpeg built without these filters (older or minimal builds) still decodes, as before, without them.
  if (r.code !== 0 && /no such filter/i.test(r.stderr)) {
    r = await runTool(tool.path, decodeArgs(file, wavPath, { ...base, cleanUp: false, level: false }), { signal: o.signal });
  }
  if (r.code !== 0) throw createError('FILE_CORRUPT', [`ffmpeg cannot decode the audio: ${lastLine(r.stderr)}`], { permanent: true });
  const layout = await readWavLayout(wavPath);
  const seconds = (layout.dataBytes / layout.byteRate) * tempo;
  if (seconds <= 0) throw createError('FILE_CORRUPT', [`no audio could be decoded: ${lastLine(r.stderr)}`], { permanent: true });
  const expected = o.expectedSeconds === null ? null : Math.min(o.expectedSeconds, o.maxSeconds);
  if (expected !== null && seconds < expected * 0.9 - 1) {
    throw createError('FILE_CORRUPT', [`only ${seconds.toFixed(1)} s of the ${expected.toFixed(1)} s of audio could be decoded (${lastLine(r.stderr)})`], { permanent: true });
  }
  return { wavPath, seconds };
}
