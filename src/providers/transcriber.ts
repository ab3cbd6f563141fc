/** A timed piece of a transcript. */
export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
  /** Who speaks, when the extraction could tell speakers apart (one per channel of a stereo call). */
  speaker?: string;
}

/** Speech to text: an OpenAI-compatible endpoint or the offline engine. Input is a 16 kHz mono WAV file. */
export interface Transcriber {
  readonly name: string;
  /** The model it runs (e.g. whisper-1, whisper-tiny.en), for processingMetadata and /health. */
  readonly model?: string;
  /** `language`: an ISO 639-1 hint (from the document's metadata); without one the engine detects it. */
  transcribe(wavPath: string, options: { signal: AbortSignal; language?: string; onProgress?: (seconds: number) => void }): Promise<TranscriptionResult>;
}

export interface TranscriptionResult {
  /** The spoken language, as the engine detected it (or was told). */
  language: string | null;
  /** The engine's confidence in `language` (0-1), when it says. */
  languageProbability?: number;
  durationSeconds: number;
  segments: TranscriptSegment[];
}
