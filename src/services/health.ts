import { errorMessage } from '../core/errors.js';
import type { EmbedderHandle, EmbedderStatus } from '../providers/embedder.js';
import type { ExtractionEngines } from '../providers/extraction-engines.js';
import type { Runner, RunnerStatus } from '../runner/runner.js';
import type { Store } from '../storage/store.js';

export interface HealthDeps {
  store: Store;
  runner: Runner;
  embedder: EmbedderHandle;
  /** OCR, transcription and ffmpeg for file extraction (absent in tests that do not build them). */
  extraction?: ExtractionEngines;
  version: string;
  startedAt: number;
}

export interface HealthReport {
  /** 503 only when the store cannot serve. */
  httpStatus: 200 | 503;
  status: 'ok' | 'degraded' | 'error';
  version: string;
  uptimeSeconds: number;
  store: { kind: string; ok: boolean; error?: string; vectorSearch: string; keywordSearch: string; fusion: string };
  runner: RunnerStatus;
  providers: { embeddings: EmbedderStatus; extraction?: ExtractionStatus };
  /** Every reason the service is not at full strength, each naming its component; none means status ok. */
  warnings: string[];
}

/** Service health: store, runner and providers; `degraded` exactly when `warnings` lists at least one reason. */
/** The file-extraction engines: each null when missing, with the reason in `unavailable`. */
export interface ExtractionStatus {
  /** What uploads of each kind get on this server now: read, or refused at once (with the reason in `unavailable`). */
  supports: { images: boolean; scannedPdfs: boolean; audio: boolean; video: boolean };
  ocr: { engine: string; languages: readonly string[]; available: readonly string[] } | null;
  transcription: { engine: string; model: string | null } | null;
  ffmpeg: { path: string; version: string; ffprobe: string } | null;
  unavailable: { ocr?: string; transcriber?: string; ffmpeg?: string };
}

export class HealthService {
  constructor(private readonly deps: HealthDeps) {}

  async report(): Promise<HealthReport> {
    const caps = this.deps.store.chunks.capabilities;
    const searchPaths = {
      vectorSearch: caps.nativeVectorSearch ? 'native' : 'in-app exact',
      keywordSearch: caps.nativeKeywordSearch ? 'native' : 'in-app',
      fusion: caps.nativeRankFusion ? 'rankFusion' : 'in-app',
    };
    let store: HealthReport['store'];
    try {
      await this.deps.store.ping();
      store = { kind: this.deps.store.kind, ok: true, ...searchPaths };
    } catch (err) {
      store = { kind: this.deps.store.kind, ok: false, error: errorMessage(err), ...searchPaths };
    }
    const runner = this.deps.runner.status();
    const embeddings = this.deps.embedder.status();
    const warnings = [...(store.ok ? [] : [`store: ${store.error ?? 'not answering'}`]), ...embeddingWarnings(embeddings), ...runnerWarnings(runner)];
    return {
      httpStatus: store.ok ? 200 : 503,
      status: !store.ok ? 'error' : warnings.length > 0 ? 'degraded' : 'ok',
      version: this.deps.version,
      uptimeSeconds: Math.round((Date.now() - this.deps.startedAt) / 1000),
      store,
      runner,
      providers: { embeddings, ...(this.deps.extraction ? { extraction: extractionStatus(this.deps.extraction) } : {}) },
      warnings,
    };
  }
}

function extractionStatus(e: ExtractionEngines): ExtractionStatus {
  return {
    supports: { images: !!e.ocr, scannedPdfs: !!e.ocr, audio: !!(e.ffmpeg && e.transcriber), video: !!(e.ffmpeg && e.transcriber) },
    ocr: e.ocr ? { engine: e.ocr.name, languages: e.ocr.languages ?? [], available: e.ocr.available ?? e.ocr.languages ?? [] } : null,
    transcription: e.transcriber ? { engine: e.transcriber.name, model: e.transcriber.model ?? null } : null,
    ffmpeg: e.ffmpeg ? { path: e.ffmpeg.path, version: e.ffmpeg.version, ffprobe: e.ffmpeg.ffprobe } : null,
    unavailable: { ...e.unavailable },
  };
}

function embeddingWarnings(e: EmbedderStatus): string[] {
  const warnings = [...(e.warning ? [e.warning] : []), ...(e.error ? [`embeddings: ${e.error}`] : [])];
  if (warnings.length > 0) return warnings;
  if (e.state !== 'ready') return [`embeddings: the model is ${e.state === 'loading' ? 'still loading' : e.state}`];
  if (e.provider === 'hash') return ['embeddings: running on the hash embedder (no semantic similarity)'];
  return [];
}

/** The runner's own reasons; `detail` (where it runs) is information, not a warning. */
function runnerWarnings(r: RunnerStatus): string[] {
  if (r.warnings?.length) return r.warnings;
  return r.state === 'running' ? [] : [`runner: the ${r.kind} runner is ${r.state}`];
}
