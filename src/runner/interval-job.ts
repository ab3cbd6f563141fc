import { errorMessage } from '../core/errors.js';
import type { Logger } from '../core/logger.js';

/** A scheduled job running in this process (embedded mode); Temporal mode runs the same job as a Schedule. */
export interface IntervalJob {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

export interface IntervalJobOptions {
  everyMs: number;
  /** Delay of the first run (default: 5 s, or everyMs if shorter), so start-up is not slowed by it. */
  firstDelayMs?: number;
  logger: Logger;
}

/** Runs `run` shortly after start, then every `everyMs` after the previous run ended; failures are logged, never thrown. */
export function startIntervalJob(name: string, run: () => Promise<unknown>, opts: IntervalJobOptions): IntervalJob {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run()
        .then(
          () => undefined,
          (err: unknown) => opts.logger.error('scheduled job failed', { job: name, error: errorMessage(err) }),
        )
        .finally(() => {
          running = undefined;
          schedule(opts.everyMs);
        });
    }, delayMs);
    // A pending check never keeps the process alive.
    timer.unref();
  };
  schedule(opts.firstDelayMs ?? Math.min(5_000, opts.everyMs));
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
