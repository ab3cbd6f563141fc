import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeArgs, decodeToWav, needsCleanUp, slowerTempo, SPEECH_CLEAN_UP, SPEECH_LEVEL } from '../../../src/extract/media-decode.js';
import { SHORT_SLOWER, SLOWER_TEMPO } from '../../../src/providers/whisper-transcriber.js';

const afterFilter = (args: string[]) => args[args.indexOf('-af') + 1];

describe('decoding speech for the transcriber', () => {
  it('cleans up the mixed audio before it is resampled: a high-pass under the voice and steady-noise reduction', () => {
    const args = decodeArgs('in.mp3', 'out.wav', { maxSeconds: 60, cleanUp: true });
    expect(afterFilter(args)).toBe('highpass=f=80,afftdn,loudnorm');
    expect(args).toEqual(expect.arrayContaining(['-ac', '1', '-ar', '16000']));
    expect(args.slice(-4)).toEqual(['-f', 'wav', '-y', 'out.wav']);
  });

  it('picks one channel first, then cleans it up', () => {
    const args = decodeArgs('call.wav', 'c1.wav', { maxSeconds: 60, channel: 1, cleanUp: true });
    expect(afterFilter(args)).toBe(`pan=mono|c0=c1,${SPEECH_CLEAN_UP},${SPEECH_LEVEL}`);
    expect(args).not.toContain('-ac');
  });

  it('brings every file to speech level (EBU R128 loudness), last before resampling', () => {
    expect(afterFilter(decodeArgs('in.mp3', 'out.wav', { maxSeconds: 60, cleanUp: false }))).toBe('loudnorm');
    expect(afterFilter(decodeArgs('call.wav', 'c0.wav', { maxSeconds: 60, channel: 0, cleanUp: false }))).toBe('pan=mono|c0=c0,loudnorm');
  });

  it('decodes as plain as before when neither is asked', () => {
    expect(decodeArgs('in.mp3', 'out.wav', { maxSeconds: 60, cleanUp: false, level: false })).not.toContain('-af');
  });

  it('cleans up telephone-band audio only (8 kHz and below), not wide-band recordings', () => {
    expect(needsCleanUp(8000)).toBe(true);
    expect(needsCleanUp(6000)).toBe(true);
    expect(needsCleanUp(16000)).toBe(false);
    expect(needsCleanUp(44100)).toBe(false);
    expect(needsCleanUp(null)).toBe(false);
  });

  it('asks for a slowed copy of telephone audio and of short wide-band clips, not of longer recordings', () => {
    const whisper = { tempo: SLOWER_TEMPO, short: SHORT_SLOWER };
    expect(slowerTempo(whisper, { sampleRate: 8000, seconds: 300 })).toBe(0.9);
    // A spoken command or a voice note of one 30 s window, whatever its rate.
    expect(slowerTempo(whisper, { sampleRate: 16000, seconds: 3.5 })).toBe(0.85);
    expect(slowerTempo(whisper, { sampleRate: 44100, seconds: 30 })).toBe(0.85);
    expect(slowerTempo(whisper, { sampleRate: null, seconds: 12 })).toBe(0.85);
    // A reading of more than one window keeps its speed (a sonnet lost phrases slowed down).
    expect(slowerTempo(whisper, { sampleRate: 16000, seconds: 53 })).toBeUndefined();
    // An engine that asks for telephone audio only, and one that asks for nothing.
    expect(slowerTempo({ tempo: 0.9 }, { sampleRate: 16000, seconds: 3.5 })).toBeUndefined();
    expect(slowerTempo(undefined, { sampleRate: 8000, seconds: 10 })).toBeUndefined();
  });

  it('slows a copy down at the same pitch after the levelling, decoding as much of the original as the plain copy', () => {
    const args = decodeArgs('call.wav', 'slow.wav', { maxSeconds: 60, cleanUp: true, tempo: 0.9 });
    expect(afterFilter(args)).toBe(`${SPEECH_CLEAN_UP},${SPEECH_LEVEL},atempo=0.9`);
    // 60 s of the original last 66.7 s at 0.9.
    expect(args[args.indexOf('-t') + 1]).toBe('67');
    expect(afterFilter(decodeArgs('call.wav', 'plain.wav', { maxSeconds: 60, cleanUp: true, tempo: 1 }))).toBe(`${SPEECH_CLEAN_UP},${SPEECH_LEVEL}`);
  });

  describe('with an ffmpeg that has no such filters', () => {
    const dirs: string[] = [];
    afterEach(() => {
      for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
    });

    /** decodeToWav with a stand-in ffmpeg that knows no `missing` filter; returns the argv lines it was called with. */
    async function decodeWithout(missing: string, cleanUp: boolean, tempo?: number): Promise<{ seconds: number; calls: string[]; wavPath: string }> {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-decode-'));
      dirs.push(dir);
      // One second of 16 kHz mono silence, written by the stand-in.
      const wav = Buffer.alloc(44 + 32000);
      wav.write('RIFF', 0);
      wav.writeUInt32LE(36 + 32000, 4);
      wav.write('WAVEfmt ', 8);
      wav.writeUInt32LE(16, 16);
      wav.writeUInt16LE(1, 20);
      wav.writeUInt16LE(1, 22);
      wav.writeUInt32LE(16000, 24);
      wav.writeUInt32LE(32000, 28);
      wav.writeUInt16LE(2, 32);
      wav.writeUInt16LE(16, 34);
      wav.write('data', 36);
      wav.writeUInt32LE(32000, 40);
      fs.writeFileSync(path.join(dir, 'silence.wav'), wav);
      const calls = path.join(dir, 'calls.txt');
      const fake = path.join(dir, 'ffmpeg');
      fs.writeFileSync(
        fake,
        `#!/bin/sh\necho "$*" >> '${calls}'\ncase "$*" in *${missing}*) echo "No such filter: '${missing}'" >&2; exit 1;; esac\nfor a; do last="$a"; done\ncp '${path.join(dir, 'silence.wav')}' "$last"\n`,
        {
          mode: 0o755,
        },
      );
      const out = await decodeToWav({ path: fake, version: 'fake', ffprobe: fake }, 'in.mp3', dir, {
        signal: new AbortController().signal,
        maxSeconds: 10,
        expectedSeconds: 1,
        cleanUp,
        ...(tempo === undefined ? {} : { tempo }),
      });
      return { seconds: out.seconds, calls: fs.readFileSync(calls, 'utf8').trim().split('\n'), wavPath: out.wavPath };
    }

    it('decodes again without the clean-up and the levelling instead of failing the file', async () => {
      const { seconds, calls } = await decodeWithout('afftdn', true);
      expect(seconds).toBeCloseTo(1, 5);
      expect(calls).toHaveLength(2);
      expect(calls[0]).toContain('afftdn');
      expect(calls[1]).not.toContain('-af');
    });

    it('writes a slowed copy beside the plain one and gives its length in seconds of the original', async () => {
      // The stand-in always writes 1 s of audio: at 0.9 that is 0.9 s of the original.
      const { seconds, calls, wavPath } = await decodeWithout('no-filter-missing', true, 0.9);
      expect(seconds).toBeCloseTo(0.9, 5);
      expect(path.basename(wavPath)).not.toBe('audio-16k.wav');
      expect(calls).toHaveLength(1);
      expect(calls[0]).toContain('loudnorm,atempo=0.9');
    });

    it('keeps the slowing when it decodes again without the clean-up and the levelling', async () => {
      const { calls } = await decodeWithout('afftdn', true, 0.9);
      expect(calls).toHaveLength(2);
      expect(calls[1]).toContain('-af atempo=0.9');
    });

    it('decodes wide-band audio again without the levelling when the filter is missing', async () => {
      const { seconds, calls } = await decodeWithout('loudnorm', false);
      expect(seconds).toBeCloseTo(1, 5);
      expect(calls).toHaveLength(2);
      expect(calls[0]).toContain('-af loudnorm');
      expect(calls[1]).not.toContain('-af');
    });
  });
});
