import type { Extractor } from './types.js';

/** Audio and video: ffmpeg extracts 16 kHz mono audio, a Transcriber turns it into a timestamped transcript. */
export const mediaExtractors: readonly Extractor[] = [];
