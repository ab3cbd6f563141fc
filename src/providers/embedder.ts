import type { VectorCalibration } from '../vector/calibrate.js';

/** Turns text into unit-length vectors. `id` identifies the model; it is stored with every vector. */
export interface Embedder {
  readonly id: string;
  readonly kind: 'local' | 'openai' | 'hash';
  readonly dimensions: number;
  /** Background cosine statistics used to calibrate similarity (see vector/calibrate.ts). */
  readonly calibration: VectorCalibration;
  /** `bulk`: part of a large document; a local model lets smaller documents' texts go first (inference-queue.ts). */
  embedDocuments(texts: readonly string[], options?: { bulk?: boolean }): Promise<Float32Array[]>;
  embedQuery(text: string): Promise<Float32Array>;
  /**
   * For a model whose queries carry an instruction: the query embedded without it, as a passage (at query
   * priority), for comparing a question with sentence-length passages (search/short-passages.ts). Absent where a
   * query and a passage are embedded alike.
   */
  embedQueryAsPassage?(text: string): Promise<Float32Array>;
  close?(): Promise<void>;
}

export interface EmbedderStatus {
  state: 'loading' | 'ready' | 'failed';
  provider: 'local' | 'openai' | 'hash' | null;
  model: string | null;
  dimensions: number | null;
  /** Set when the service runs on the offline fallback or the provider is degraded. */
  warning?: string;
  error?: string;
}

/** Resolves the configured embedder once (possibly after a model download) and reports its state meanwhile. */
export interface EmbedderHandle {
  get(): Promise<Embedder>;
  status(): EmbedderStatus;
}
