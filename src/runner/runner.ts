import type { DocumentRef } from '../types.js';

export interface RunnerStatus {
  kind: 'embedded' | 'temporal';
  state: 'starting' | 'running' | 'stopped' | 'degraded';
  inFlight: number;
  concurrency: number;
  detail?: string;
}

/** Drives documents through the pipeline. The API only submits; it never waits for a run. */
export interface Runner {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** A document (re)entered the queue: new, content changed, or retried. */
  submit(ref: DocumentRef): Promise<void>;
  status(): RunnerStatus;
}
