import type { DocumentRef } from '../core/types.js';

export interface RunnerStatus {
  kind: 'embedded' | 'temporal';
  /** `degraded`: working, but not at full strength; `warnings` says why. */
  state: 'starting' | 'running' | 'stopped' | 'degraded';
  inFlight: number;
  concurrency: number;
  /** Where the runner runs (e.g. Temporal address, namespace, task queue); informational, never a warning. */
  detail?: string;
  /** Human-readable reasons the runner is not running at full strength; present whenever state is not `running`. */
  warnings?: string[];
}

/** Drives documents through the pipeline. The API only submits; it never waits for a run. */
export interface Runner {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** A document (re)entered the queue: new, content changed, or retried. Returns promptly whatever the backend's state. */
  submit(ref: DocumentRef): Promise<void>;
  status(): RunnerStatus;
}
