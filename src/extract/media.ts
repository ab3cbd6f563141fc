import { createError } from '../core/errors.js';
import type { SlowerCopy, TranscriptionResult, TranscriptSegment } from '../providers/transcriber.js';
import { detectLanguage } from '../text/language.js';
import { stereoChannels } from './media-channels.js';
import { spellSmallNumbersInEnglish } from './spoken-numbers.js';
import { decodeToWav, needsCleanUp, probeMedia, slowerTempo, SPEECH_CLEAN_UP } from './media-decode.js';
import type { ExtractContext, Extractor, MediaTool, Transcriber } from './types.js';

const AUDIO_MIMES = [
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
  'audio/vnd.wave',
  'audio/mpeg',
  'audio/mp3',
  'audio/mp4',
  'audio/x-m4a',
  'audio/m4a',
  'audio/aac',
  'audio/x-aac',
  'audio/ogg',
  'audio/opus',
  'audio/flac',
  'audio/x-flac',
  'audio/webm',
  'audio/x-matroska',
  'audio/aiff',
  'audio/x-aiff',
];
const VIDEO_MIMES = ['video/mp4', 'video/x-m4v', 'video/webm', 'video/quicktime', 'video/x-matroska'];

/** A new paragraph after this much silence between segments, or once a paragraph spans this long. */
const PARAGRAPH_GAP_SECONDS = 2;
const PARAGRAPH_MAX_SECONDS = 30;

/** `[hh:mm:ss]` of a time in seconds. */
export function timestamp(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `[${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}]`;
}

/**
 * Segments as paragraphs, each opening with the timestamp of its first segment (and its speaker, when known),
 * separated by blank lines. A new speaker always starts a new paragraph.
 */
export function transcriptToText(segments: readonly TranscriptSegment[]): string {
  const paragraphs: { start: number; speaker?: string; texts: string[] }[] = [];
  let lastEnd = -Infinity;
  for (const seg of segments) {
    const text = seg.text.replace(/\s+/g, ' ').trim();
    if (!text) continue;
    const current = paragraphs.at(-1);
    if (!current || current.speaker !== seg.speaker || seg.start - lastEnd > PARAGRAPH_GAP_SECONDS || seg.start - current.start >= PARAGRAPH_MAX_SECONDS) {
      paragraphs.push({ start: seg.start, ...(seg.speaker ? { speaker: seg.speaker } : {}), texts: [text] });
    } else {
      current.texts.push(text);
    }
    lastEnd = seg.end;
  }
  return paragraphs.map((p) => `${timestamp(p.start)} ${p.speaker ? `${p.speaker}: ` : ''}${p.texts.join(' ')}`).join('\n\n');
}

const CHANNEL_SPEAKERS = ['Speaker 1 (left channel)', 'Speaker 2 (right channel)'];

/**
 * A stereo file whose channels carry different speakers (a call recorded one party per channel) is transcribed
 * channel by channel, the segments merged in time order with their speaker; anything else is mixed to mono first.
 */
async function transcribe(
  ffmpeg: MediaTool,
  transcriber: Transcriber,
  input: { path: string; duration: number | null; channels: number | null; sampleRate: number | null },
  ctx: ExtractContext,
): Promise<TranscriptionResult & { seconds: number; channels: 'mixed' | 'separate' }> {
  const max = ctx.limits.maxAudioSeconds;
  const split = input.channels === 2 && (await stereoChannels(ffmpeg, input.path, ctx.tmpDir, ctx.signal)).separate;
  const channels = split ? [0, 1] : [undefined];
  const results: TranscriptionResult[] = [];
  const telephone = needsCleanUp(input.sampleRate);
  let seconds = 0;
  for (const [i, channel] of channels.entries()) {
    // One second over the cap tells a file without a duration in its header apart from one just under it.
    const decoded = await decodeToWav(ffmpeg, input.path, ctx.tmpDir, {
      signal: ctx.signal,
      maxSeconds: max + 1,
      expectedSeconds: input.duration,
      channel,
      cleanUp: telephone,
    });
    if (decoded.seconds > max) throw createError('EXTRACTION_LIMIT', [`more than the ${max} s of audio allowed`], { permanent: true });
    const tempo = slowerTempo(transcriber.slowerSpeech, { sampleRate: input.sampleRate, seconds: decoded.seconds });
    const slower = tempo === undefined ? undefined : await decodeSlower(ffmpeg, input.path, ctx, { channel, tempo, cleanUp: telephone });
    seconds = decoded.seconds;
    const total = decoded.seconds * channels.length;
    const before = decoded.seconds * i;
    ctx.progress({ unit: 'seconds', done: before, total, phase: 'transcribing' });
    const result = await transcriber.transcribe(decoded.wavPath, {
      signal: ctx.signal,
      ...(ctx.language ? { language: ctx.language.iso639_1 } : {}),
      ...(slower ? { slower } : {}),
      onProgress: (s) => ctx.progress({ unit: 'seconds', done: before + Math.min(s, decoded.seconds), total, phase: 'transcribing' }),
    });
    results.push(split ? { ...result, segments: result.segments.map((s) => ({ ...s, speaker: CHANNEL_SPEAKERS[i]! })) } : result);
  }
  // A stable sort: at the same moment the left channel comes first.
  const segments = results.flatMap((r) => r.segments).sort((a, b) => a.start - b.start);
  const first = results.find((r) => r.language) ?? results[0]!;
  const tempo = results.find((r) => r.tempo !== undefined)?.tempo;
  return { ...first, ...(tempo !== undefined ? { tempo } : {}), segments, durationSeconds: seconds, seconds, channels: split ? 'separate' : 'mixed' };
}

/**
 * The audio, cleaned up (telephone band) and levelled like the copy the transcriber is given, at the slower tempo its
 * engine asks for (Transcriber.slowerSpeech, media-decode.ts slowerTempo); the engine transcribes this copy instead
 * when it hears the spoken language better slowed down.
 */
async function decodeSlower(ffmpeg: MediaTool, file: string, ctx: ExtractContext, o: { channel: number | undefined; tempo: number; cleanUp: boolean }): Promise<SlowerCopy> {
  const max = ctx.limits.maxAudioSeconds;
  const decoded = await decodeToWav(ffmpeg, file, ctx.tmpDir, {
    signal: ctx.signal,
    maxSeconds: max + 1,
    expectedSeconds: null,
    ...(o.channel === undefined ? {} : { channel: o.channel }),
    cleanUp: o.cleanUp,
    tempo: o.tempo,
  });
  return { wavPath: decoded.wavPath, tempo: o.tempo };
}

/**
 * Audio (WAV, MP3, M4A/AAC, OGG/Opus, FLAC, AIFF, WebM) and video (MP4, WebM, MOV, MKV): ffprobe checks the streams and
 * the length (capped by maxAudioSeconds), ffmpeg decodes the first audio track to 16 kHz mono WAV in tmpDir, the
 * transcriber turns it into timestamped paragraphs. Progress is in seconds of audio; an abort kills both.
 */
export const mediaExtractor: Extractor = {
  name: 'media',
  mimes: [...AUDIO_MIMES, ...VIDEO_MIMES],
  needs: ['ffmpeg', 'transcriber'],
  async extract(input, ctx) {
    const ffmpeg = ctx.ffmpeg;
    if (!ffmpeg) throw createError('ENGINE_UNAVAILABLE', ['ffmpeg (audio and video)', ctx.unavailable?.ffmpeg ?? 'not found'], { permanent: true });
    const transcriber = ctx.transcriber;
    if (!transcriber) throw createError('ENGINE_UNAVAILABLE', ['Transcription', ctx.unavailable?.transcriber ?? 'no engine configured'], { permanent: true });

    const probe = await probeMedia(ffmpeg, input.path, ctx.signal);
    if (!probe.audioCodec) {
      const what = probe.hasVideo ? 'the video has no audio track' : 'the file has no audio stream';
      throw createError('EXTRACTION_FAILED', [`${what}, so there is nothing to transcribe`], { permanent: true, details: { format: probe.format } });
    }
    const max = ctx.limits.maxAudioSeconds;
    if (probe.duration !== null && probe.duration > max) {
      throw createError('EXTRACTION_LIMIT', [`${Math.round(probe.duration)} s of audio, more than the ${max} s allowed`], { permanent: true });
    }
    ctx.progress({ unit: 'seconds', done: 0, ...(probe.duration !== null ? { total: probe.duration } : {}), phase: 'decoding' });
    const result = await transcribe(ffmpeg, transcriber, { path: input.path, duration: probe.duration, channels: probe.channels, sampleRate: probe.sampleRate }, ctx);
    const total = result.seconds;
    ctx.progress({ unit: 'seconds', done: total, total, phase: 'transcribing' });
    const content = transcriptToText(spellSmallNumbersInEnglish(result.segments, result.language));
    if (!content) throw createError('EMPTY_CONTENT', [], { permanent: true });

    const model = transcriber.model ?? null;
    // The engine names the language it detected first; a talk that switches language is listed paragraph by paragraph.
    const languages = spokenLanguages(result.segments);
    return {
      content,
      title: null,
      type: probe.hasVideo ? 'video' : 'audio',
      details: {
        durationSeconds: Math.round(total * 100) / 100,
        language: result.language,
        ...(result.languageProbability !== undefined ? { languageProbability: result.languageProbability } : {}),
        ...(languages.length > 1 ? { languages } : {}),
        ...(ctx.language ? { languageHint: ctx.language.iso639_1 } : {}),
        ...(result.channels === 'separate' ? { channels: 'separate', speakers: CHANNEL_SPEAKERS } : {}),
        engine: transcriber.name,
        model,
        format: probe.format,
        audioCodec: probe.audioCodec,
        ...(probe.sampleRate !== null ? { sampleRate: probe.sampleRate } : {}),
        // Telephone-band audio is cleaned up before transcription (media-decode.ts): say so where the text came from.
        ...(needsCleanUp(probe.sampleRate) ? { cleanUp: SPEECH_CLEAN_UP } : {}),
        // ...and, in a language the engine hears better slowed down (telephone audio, short clips), transcribed from a
        // slowed copy at this tempo.
        ...(result.tempo !== undefined ? { tempo: result.tempo } : {}),
        segments: result.segments.length,
        // Whisper *.en models only know English: other languages come out as an attempt at an English transcript.
        ...(model && /\.en$/.test(model) ? { englishOnly: true } : {}),
      },
    };
  },
};

/** Languages of the transcript, in order of first appearance, by the text of runs of segments (a minute or so each). */
function spokenLanguages(segments: readonly TranscriptSegment[]): string[] {
  const out: string[] = [];
  let run = '';
  const flush = () => {
    const found = detectLanguage(run);
    if (found && !out.includes(found.iso639_1)) out.push(found.iso639_1);
    run = '';
  };
  for (const s of segments) {
    run += ` ${s.text}`;
    if (run.length > 400) flush();
  }
  if (run.trim()) flush();
  return out;
}

/** Audio and video: ffmpeg extracts 16 kHz mono audio, a Transcriber turns it into a timestamped transcript. */
export const mediaExtractors: readonly Extractor[] = [mediaExtractor];
