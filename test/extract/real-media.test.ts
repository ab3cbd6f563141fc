import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaTool } from '../../src/providers/media-tool.js';
import { createWhisperTranscriber } from '../../src/providers/whisper-transcriber.js';
import { extractMedia, ffmpeg, requireMediaTools, tmpDir } from '../helpers/media.js';
import { phraseRecall, realFixtures } from '../helpers/real-fixtures.js';

// Real engines: ffmpeg and faster-whisper with multilingual Whisper base (npm run media:install); missing ones fail.
let tool: MediaTool;
let whisper: ReturnType<typeof createWhisperTranscriber>;
beforeAll(async () => {
  const found = await requireMediaTools();
  tool = found.ffmpeg;
  whisper = createWhisperTranscriber({ python: found.whisperPython, modelPath: undefined, threads: 2 });
});
afterAll(async () => {
  await whisper?.close();
});

const audio = Object.fromEntries(realFixtures('MANIFEST.json', ['audio']).map((f) => [f.file, f]));
const transcribe = (file: string, language?: string) => extractMedia(audio[file]!.path, { ffmpeg: tool, transcriber: whisper }, language ? { language } : {});

describe('speech in real recordings', { timeout: 600_000 }, () => {
  it('transcribes French and records the detected language', async () => {
    const { result } = await transcribe('speech-french.aiff');
    expect(phraseRecall(audio['speech-french.aiff']!.phrases, result.content).missing).toEqual([]);
    expect(result.details).toMatchObject({ language: 'fr', model: 'whisper-base' });
    expect(result.details?.languageProbability).toBeGreaterThan(0.5);
  });

  it('follows a talk from English into German, listing both languages', async () => {
    const f = audio['speech-english-german.mp3']!;
    const { result } = await transcribe(f.file);
    expect(phraseRecall(f.phrases, result.content).missing).toEqual([]);
    expect(result.details?.languages).toEqual(['en', 'de']);
  });

  it('keeps both speakers of a stereo file with one speaker per channel, each labelled', async () => {
    const f = audio['speech-stereo-two-speakers.wav']!;
    const { result } = await transcribe(f.file);
    expect(phraseRecall(f.phrases, result.content).missing).toEqual([]);
    expect(result.content).toMatch(/Speaker 1 \(left channel\): He began a confused complaint/);
    expect(result.content).toMatch(/Speaker 2 \(right channel\): The horizon seems extremely distant/);
    expect(result.details).toMatchObject({ channels: 'separate' });
  });

  it('writes a small number said in English as the word said, not the digits Whisper gives', async () => {
    const f = audio['speech-go-forward.wav']!;
    const { result } = await transcribe(f.file);
    expect(phraseRecall(f.phrases, result.content).missing).toEqual([]);
    expect(result.content).not.toMatch(/\b10\b/);
  });

  it('keeps the word that opens a 30 s window of a long reading (the previous text is its prompt)', async () => {
    const f = audio['speech-sonnet-1.flac']!;
    const { result } = await transcribe(f.file);
    expect(result.content).toMatch(/pity the world/i);
    expect(result.details).toMatchObject({ language: 'en' });
  });

  it('hears a phrase of a read sonnet that a narrower beam loses (beam 10)', async () => {
    const f = audio['speech-sonnet-1.flac']!;
    const { result } = await transcribe(f.file);
    expect(result.content).toMatch(/herald to the gaudy spring/i);
    // A 16 kHz reading is wide-band: no telephone clean-up.
    expect(result.details).not.toHaveProperty('cleanUp');
  });

  it('hears a quietly recorded reading at speech level (loudness normalised before Whisper)', async () => {
    const f = audio['speech-sonnet-1.flac']!;
    const { result } = await transcribe(f.file);
    // Without the levelling Whisper base heard "contracted to thy own bright eyes" and "taking a famine".
    expect(result.content).toMatch(/contracted to thine own bright eyes/i);
    expect(result.content).toMatch(/making a famine where abundance lies/i);
  });

  it('cleans up a telephone prompt (8 kHz) before transcribing it, and says so', async () => {
    const f = audio['speech-asterisk-ivr-main.flac']!;
    const { result } = await transcribe(f.file);
    expect(result.content).toMatch(/for accounting and other receivables/i);
    expect(result.details).toMatchObject({ sampleRate: 8000, cleanUp: 'highpass=f=80,afftdn' });
  });

  it('hears English telephone speech from a copy slowed down 10%, on the original timeline', async () => {
    const f = audio['speech-asterisk-callee-options.flac']!;
    const { result } = await transcribe(f.file);
    // At its own speed Whisper base heard "But just these ones" (round 19).
    expect(result.content).toMatch(/but just this once/i);
    expect(result.details).toMatchObject({ language: 'en', sampleRate: 8000, tempo: 0.9 });
    // 31 s of audio, timestamps included: not the 34.5 s of the slowed copy.
    expect(result.details?.durationSeconds).toBeCloseTo(31.1, 0);
    const stamps = [...result.content.matchAll(/\[00:00:(\d\d)\]/g)].map((m) => Number(m[1]));
    expect(Math.max(...stamps)).toBeLessThan(31);
  });

  it('does not slow down telephone speech in another language', async () => {
    const dir = tmpDir('mnemo-real-media-');
    try {
      // The French dictation at telephone rate (8 kHz).
      const call = path.join(dir, 'french-8k.wav');
      ffmpeg(tool, '-i', audio['speech-french.aiff']!.path, '-ar', '8000', '-ac', '1', call);
      const { result } = await extractMedia(call, { ffmpeg: tool, transcriber: whisper });
      expect(result.content).toMatch(/dictée/i);
      expect(result.details).toMatchObject({ language: 'fr', sampleRate: 8000 });
      expect(result.details).not.toHaveProperty('tempo');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('hears a short English clip from a copy slowed down 15%, on the original timeline', async () => {
    const f = audio['speech-cards-eight-of-spades.flac']!;
    const { result } = await transcribe(f.file);
    // At its own speed Whisper base heard "Eight of spades, four of close, seven of hearts" (round 21).
    expect(phraseRecall(f.phrases, result.content, { spoken: true }).missing).toEqual([]);
    expect(result.details).toMatchObject({ language: 'en', sampleRate: 16000, tempo: 0.85 });
    expect(result.details).not.toHaveProperty('cleanUp');
    expect(result.details?.durationSeconds).toBeCloseTo(3.5, 0);
  });

  it('does not slow down a wide-band reading longer than one 30 s window', async () => {
    const { result } = await transcribe('speech-sonnet-1.flac');
    expect(result.details).toMatchObject({ language: 'en' });
    expect(result.details).not.toHaveProperty('tempo');
  });

  it('passes a metadata language hint to the engine', async () => {
    const { result } = await transcribe('speech-french.aiff', 'fr');
    expect(result.details).toMatchObject({ language: 'fr', languageHint: 'fr' });
  });
});
