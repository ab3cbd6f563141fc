import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createError } from '../core/errors.js';

/** One piece of a WAV file: its path, where it starts in the original (seconds) and its length. */
export interface WavChunk {
  path: string;
  offset: number;
  seconds: number;
}

interface WavLayout {
  /** Bytes of the fmt chunk body (copied into every piece). */
  fmt: Buffer;
  byteRate: number;
  blockAlign: number;
  dataStart: number;
  dataBytes: number;
}

/** Reads the RIFF chunks of a PCM WAV (as ffmpeg writes it: RIFF, fmt, LIST, data). */
export async function readWavLayout(file: string): Promise<WavLayout> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(12);
    await handle.read(head, 0, 12, 0);
    if (head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE') throw createError('FILE_CORRUPT', ['not a RIFF/WAVE file']);
    let pos = 12;
    let fmt: Buffer | null = null;
    const header = Buffer.alloc(8);
    while (pos + 8 <= size) {
      await handle.read(header, 0, 8, pos);
      const id = header.toString('ascii', 0, 4);
      const len = header.readUInt32LE(4);
      if (id === 'fmt ') {
        fmt = Buffer.alloc(len);
        await handle.read(fmt, 0, len, pos + 8);
      } else if (id === 'data') {
        if (!fmt) throw createError('FILE_CORRUPT', ['WAV data before its fmt chunk']);
        // Streams written without seeking back leave the size at 0 or 0xFFFFFFFF: use what the file holds.
        const dataBytes = len === 0 || len === 0xffffffff || pos + 8 + len > size ? size - pos - 8 : len;
        return { fmt, byteRate: fmt.readUInt32LE(8), blockAlign: fmt.readUInt16LE(12), dataStart: pos + 8, dataBytes };
      }
      pos += 8 + len + (len % 2);
    }
    throw createError('FILE_CORRUPT', ['WAV without a data chunk']);
  } finally {
    await handle.close();
  }
}

function wavHeader(fmt: Buffer, dataBytes: number): Buffer {
  const h = Buffer.alloc(12 + 8 + fmt.length + 8);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(h.length - 8 + dataBytes, 4);
  h.write('WAVE', 8, 'ascii');
  h.write('fmt ', 12, 'ascii');
  h.writeUInt32LE(fmt.length, 16);
  fmt.copy(h, 20);
  h.write('data', 20 + fmt.length, 'ascii');
  h.writeUInt32LE(dataBytes, 24 + fmt.length);
  return h;
}

/**
 * Cuts a PCM WAV into files of at most maxBytes each (whole sample frames), written next to it as
 * `<file>.partN.wav`. A file already small enough comes back as the only chunk, unchanged.
 */
export async function splitWav(file: string, maxBytes: number): Promise<WavChunk[]> {
  const w = await readWavLayout(file);
  const total = w.dataBytes / w.byteRate;
  const headerBytes = 28 + w.fmt.length;
  if (headerBytes + w.dataBytes <= maxBytes) return [{ path: file, offset: 0, seconds: total }];
  const perChunk = Math.floor((maxBytes - headerBytes) / w.blockAlign) * w.blockAlign;
  if (perChunk <= 0) throw new Error(`maxBytes ${maxBytes} is below one WAV frame`);
  const chunks: WavChunk[] = [];
  for (let start = 0, n = 0; start < w.dataBytes; start += perChunk, n++) {
    const bytes = Math.min(perChunk, w.dataBytes - start);
    const out = `${file}.part${n}.wav`;
    await fs.promises.writeFile(out, wavHeader(w.fmt, bytes));
    await pipeline(fs.createReadStream(file, { start: w.dataStart + start, end: w.dataStart + start + bytes - 1 }), fs.createWriteStream(out, { flags: 'a' }));
    chunks.push({ path: out, offset: start / w.byteRate, seconds: bytes / w.byteRate });
  }
  return chunks;
}
