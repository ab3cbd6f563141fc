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
  /**
   * Set by an engine that hears speech in some languages better slowed down (Whisper base: English): the media extractor
   * then also decodes a copy and passes it as `slower`, at `tempo` for telephone-band audio and, when `short` is set, at
   * `short.tempo` for wide-band audio of at most `short.maxSeconds` (see media-decode.ts slowerTempo).
   */
  readonly slowerSpeech?: SlowerSpeech;
  /**
   * `language`: an ISO 639-1 hint (from the document's metadata); without one the engine detects it.
   * `slower`: the same audio at a slower tempo (see slowerSpeech); the engine transcribes it instead when the spoken
   * language is one it hears better slowed, with timestamps on the original timeline.
   */
  transcribe(wavPath: string, options: { signal: AbortSignal; language?: string; slower?: SlowerCopy; onProgress?: (seconds: number) => void }): Promise<TranscriptionResult>;
}

/** Which audio an engine hears better slowed down, and how much (Transcriber.slowerSpeech). */
export interface SlowerSpeech {
  /** Telephone-band audio (8 kHz and below). */
  tempo: number;
  /** Wide-band clips no longer than maxSeconds (one Whisper window: a short voice note, a spoken command). */
  short?: { tempo: number; maxSeconds: number };
}

/** A copy of the audio slowed down to `tempo` (0.9 = 10% slower, same pitch). */
export interface SlowerCopy {
  wavPath: string;
  tempo: number;
}

export interface TranscriptionResult {
  /** The spoken language, as the engine detected it (or was told). */
  language: string | null;
  /** The engine's confidence in `language` (0-1), when it says. */
  languageProbability?: number;
  durationSeconds: number;
  segments: TranscriptSegment[];
  /** Set when the slowed copy was transcribed: its tempo (the timestamps are already on the original timeline). */
  tempo?: number;
}
