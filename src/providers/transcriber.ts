/** A timed piece of a transcript. */
export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
}

/** Speech to text: an OpenAI-compatible endpoint or the offline engine. Input is a 16 kHz mono WAV file. */
export interface Transcriber {
  readonly name: string;
  /** The model it runs (e.g. whisper-1, whisper-tiny.en), for processingMetadata and /health. */
  readonly model?: string;
  transcribe(wavPath: string, options: { signal: AbortSignal; language?: string; onProgress?: (seconds: number) => void }): Promise<{ language: string | null; durationSeconds: number; segments: TranscriptSegment[] }>;
}
