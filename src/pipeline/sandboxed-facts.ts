import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError } from '../core/errors.js';
import { runInSandbox } from '../extract/sandbox/isolated.js';
import { preloadSandboxModule } from '../extract/sandbox/pool.js';
import type { ExtractLimits } from '../extract/types.js';
import type { ExtractionResult, FactExtractor } from '../memory/types.js';

// The job module has this file's extension: .ts when run by tsx or vitest, .js once compiled.
const JOB_MODULE = new URL(`./memory-facts-job${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url).href;

/**
 * The offline fact extractor run in the extraction sandbox (memory-facts-job.ts) instead of on the event loop. Past
 * the parse time limit the worker is replaced and the document keeps its chunks with no memories, its step metadata
 * saying why: a slow read of one document never fails it nor holds other requests. The LLM extractor waits on the
 * network, not the CPU, and stays where it is. `jobModule`: another module with a 'memory-facts' job (tests).
 */
export function sandboxedFacts(extractor: FactExtractor, limits: Pick<ExtractLimits, 'workerHeapMb' | 'parseTimeoutMs' | 'timeoutMs'>, jobModule = JOB_MODULE): FactExtractor {
  if (extractor.kind !== 'offline') return extractor;
  // Workers load the reader when they start, only in a process that reads offline (an LLM process never needs it).
  preloadSandboxModule(jobModule);
  return {
    kind: 'offline',
    async extract(doc) {
      try {
        return await runInSandbox<ExtractionResult>('memory-facts', doc, limits, { what: 'the document for memories', module: jobModule, weight: readWeight(doc) });
      } catch (err) {
        if (err instanceof AppError && err.code === 'EXTRACTION_LIMIT') return { facts: [], note: `no memories: ${err.message}` };
        throw err;
      }
    },
  };
}

/** Characters of text a memory read counts as one parse job for the worker's recycling (SandboxOptions.maxJobsPerWorker). */
export const FACT_CHARS_PER_JOB = 100_000;

/**
 * A read's share of a worker's job budget, by the text it reads: a worker is replaced after about 200 parse jobs (so
 * that memory a parser keeps goes with it), and counting each short document as a whole job restarted the memory
 * reader every 200 documents, reloading its modules (issue 28: ~11 ms of CPU a document of bench:ingest's corpus).
 */
export function readWeight(doc: { content: string; previous?: string }): number {
  return Math.min(1, (doc.content.length + (doc.previous?.length ?? 0)) / FACT_CHARS_PER_JOB);
}
