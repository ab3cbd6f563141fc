import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createError, errorMessage, isAppError } from '../core/errors.js';
import type { DocumentRecord, DocumentRef } from '../core/types.js';
import { detectFileType, type DetectedType } from '../extract/detect.js';
import { languageHint } from '../text/language.js';
import { extractorFor, supportedMimes } from '../extract/registry.js';
import type { ExtractLimits, ExtractProgress, ExtractedText } from '../extract/types.js';
import type { PipelineDeps, ProgressFn } from './deps.js';
import { newProcessingMetadata } from './processing-metadata.js';
import { SupersededError } from './superseded.js';

/** Limits when the configuration has none (tests building a partial config). */
export const DEFAULT_EXTRACT_LIMITS: ExtractLimits = {
  maxPages: 2000,
  maxPixels: 100_000_000,
  maxAudioSeconds: 4 * 3600,
  maxUnzippedBytes: 500 * 1024 * 1024,
  maxZipEntries: 10_000,
  timeoutMs: 30 * 60_000,
  parseTimeoutMs: 60_000,
  workerHeapMb: 1024,
  maxDecodedPixels: 400_000_000,
  maxInflatedBytes: 256 * 1024 * 1024,
};

/** Progress is written to the document at most this often (heartbeats too). */
const PROGRESS_EVERY_MS = 1000;
/** How often a running extraction checks that its document was not deleted or replaced. */
const SUPERSEDE_CHECK_MS = 2000;

export interface FileExtraction extends ExtractedText {
  mime: string;
  extractor: string;
}

/** Extracts the text of a document's stored original file (an upload). */
export async function extractStoredFile(deps: PipelineDeps, doc: DocumentRecord, progress?: ProgressFn): Promise<FileExtraction> {
  const file = doc.file!;
  const tmpDir = await mkdtemp(path.join(tmpdir(), 'mnemo-extract-'));
  try {
    const local = await deps.store.blobs.toLocalFile(file.key, tmpDir);
    if (!local) throw createError('FILE_NOT_FOUND', [doc.id], { permanent: true });
    try {
      const detected = await detectFileType(local.path, { filename: file.filename, declared: [file.mimeType] });
      const ref = { orgId: doc.orgId, documentId: doc.id, generation: doc.generation };
      return await runExtractor(deps, ref, { path: local.path, size: file.size, filename: file.filename, detected, metadata: doc.metadata }, tmpDir, progress);
    } finally {
      await local.release();
    }
  } finally {
    await rm(tmpDir, { recursive: true, force: true });
  }
}

/** Extracts the text of a fetched URL's body that is a file (PDF, image, office, audio, video). */
export async function extractFetchedFile(deps: PipelineDeps, doc: DocumentRecord, body: Buffer, filename: string | null, detected: DetectedType, progress?: ProgressFn): Promise<FileExtraction> {
  const tmpDir = await mkdtemp(path.join(tmpdir(), 'mnemo-extract-'));
  try {
    const file = path.join(tmpDir, 'input');
    await writeFile(file, body);
    const ref = { orgId: doc.orgId, documentId: doc.id, generation: doc.generation };
    return await runExtractor(deps, ref, { path: file, size: body.length, filename, detected, metadata: doc.metadata }, tmpDir, progress);
  } finally {
    await rm(tmpDir, { recursive: true, force: true });
  }
}

interface LocalInput {
  path: string;
  size: number;
  filename: string | null;
  detected: DetectedType;
  /** The document's metadata: its `language` is a hint for OCR and speech. */
  metadata?: Record<string, unknown>;
}

/**
 * Runs the extractor for the detected type with the configured limits, a time limit, and an abort when the document
 * is deleted or replaced. Progress goes (throttled) to processingMetadata.extraction and to `progress` (heartbeats).
 * Whatever an extractor throws ends as an AppError: its own, EXTRACTION_TIMEOUT, or EXTRACTION_FAILED.
 */
async function runExtractor(deps: PipelineDeps, ref: DocumentRef, input: LocalInput, tmpDir: string, progress?: ProgressFn): Promise<FileExtraction> {
  const mime = input.detected.mime;
  const extractor = extractorFor(mime);
  if (!extractor) {
    throw createError('UNSUPPORTED_CONTENT', [`${mime} files cannot be extracted; supported types: ${supportedMimes().join(', ')}`], { permanent: true });
  }
  const limits = deps.config.extraction?.limits ?? DEFAULT_EXTRACT_LIMITS;
  const controller = new AbortController();
  const timeout = createError('EXTRACTION_TIMEOUT', [limits.timeoutMs, `${extractor.name} extractor; MNEMO_EXTRACT_TIMEOUT_MS`], { permanent: true });
  const timer = setTimeout(() => controller.abort(timeout), limits.timeoutMs);
  const watcher = setInterval(() => {
    void deps.store.documents.getDocument(ref.orgId, ref.documentId).then(
      (d) => {
        if (!d || d.generation !== ref.generation) controller.abort(new SupersededError(ref));
      },
      () => {},
    );
  }, SUPERSEDE_CHECK_MS);
  timer.unref?.();
  watcher.unref?.();

  let last = 0;
  let pending: ExtractProgress | null = null;
  let trailing: NodeJS.Timeout | null = null;
  // Progress writes run one after another and are awaited before the step ends, so none lands after its outcome.
  let writes = Promise.resolve();
  const flush = () => {
    trailing = null;
    const p = pending;
    if (!p) return;
    pending = null;
    last = Date.now();
    progress?.({ extraction: p });
    writes = writes.then(() => recordProgress(deps, ref, p));
  };
  // At most one write per PROGRESS_EVERY_MS; a report inside that window is written when it ends, so the stored
  // progress never stays behind while a slow page (an OCR, a long transcription chunk) runs.
  const report = (p: ExtractProgress) => {
    pending = p;
    const wait = PROGRESS_EVERY_MS - (Date.now() - last);
    if (wait <= 0) flush();
    else if (!trailing) {
      trailing = setTimeout(flush, wait);
      trailing.unref?.();
    }
  };

  const engines = deps.extraction;
  const language = languageHint(input.metadata);
  try {
    const result = await extractor.extract(
      {
        path: input.path,
        size: input.size,
        mime,
        filename: input.filename,
        // Extractors that parse in process read the whole file; the upload cap (or URL cap) bounds it.
        bytes: () => readFile(input.path),
      },
      {
        signal: controller.signal,
        limits,
        progress: report,
        ocr: engines?.ocr ?? null,
        transcriber: engines?.transcriber ?? null,
        ffmpeg: engines?.ffmpeg ?? null,
        unavailable: engines?.unavailable ?? { ocr: 'no extraction engines configured', transcriber: 'no extraction engines configured', ffmpeg: 'no extraction engines configured' },
        tmpDir,
        ...(language ? { language } : {}),
      },
    );
    if (controller.signal.aborted) throw controller.signal.reason;
    if (trailing) clearTimeout(trailing);
    const final: ExtractProgress | null = pending;
    if (final) writes = writes.then(() => recordProgress(deps, ref, final));
    return { ...result, mime, extractor: extractor.name };
  } catch (err) {
    // An extractor interrupted by the abort may throw its own error (or none of ours): the abort's reason wins.
    const reason: unknown = controller.signal.aborted ? controller.signal.reason : err;
    if (reason instanceof SupersededError) throw reason;
    if (isAppError(reason)) throw reason;
    // The parser's own words (a stack overflow, a library's internals) go to the log, not to the document.
    deps.logger.warn('extractor failed', { documentId: ref.documentId, extractor: extractor.name, error: errorMessage(reason) });
    throw createError('EXTRACTION_FAILED', [`the ${extractor.name} extractor could not read the file`], { permanent: true, cause: reason });
  } finally {
    clearTimeout(timer);
    clearInterval(watcher);
    if (trailing) clearTimeout(trailing);
    await writes;
  }
}

async function recordProgress(deps: PipelineDeps, ref: DocumentRef, p: ExtractProgress): Promise<void> {
  try {
    const doc = await deps.store.documents.getDocument(ref.orgId, ref.documentId);
    if (!doc || doc.generation !== ref.generation) return;
    const extraction = { unit: p.unit, done: p.done, ...(p.total !== undefined ? { total: p.total } : {}), ...(p.phase ? { phase: p.phase } : {}) };
    await deps.store.documents.updateDocument(ref.orgId, ref.documentId, { processingMetadata: { ...(doc.processingMetadata ?? newProcessingMetadata()), extraction } }, { expectGeneration: ref.generation });
  } catch (err) {
    deps.logger.warn('could not record extraction progress', { documentId: ref.documentId, error: errorMessage(err) });
  }
}
