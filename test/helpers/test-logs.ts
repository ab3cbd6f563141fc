import { formatWithOptions } from 'node:util';
import { createLogger, type LogLevel } from '../../src/core/logger.js';

/**
 * Where test logs go. Tests make things fail on purpose, and the logs of those failures (stack traces included)
 * read as errors, so by default they are kept in memory and printed only for a test that fails
 * (test/helpers/setup-test-logs.ts). MNEMO_TEST_LOGS=1 streams them to stderr instead (MNEMO_TEST_LOGS=debug: with
 * debug entries).
 */
const STREAM = process.env.MNEMO_TEST_LOGS;
export const TEST_LOG_LEVEL: Exclude<LogLevel, 'silent'> = STREAM === 'debug' ? 'debug' : 'info';
/** True when MNEMO_TEST_LOGS asks for logs on stderr as they happen. */
export const STREAMING_TEST_LOGS = STREAM !== undefined && STREAM !== '' && STREAM !== '0';

// Bounded: a long test file must not hoard every line it ever logged.
const MAX_LINES = 5_000;
const buffered: string[] = [];

/** Writes one log line (with its newline) to stderr or to the buffer. */
export function writeTestLog(line: string): void {
  if (STREAMING_TEST_LOGS) {
    process.stderr.write(line);
    return;
  }
  buffered.push(line);
  if (buffered.length > MAX_LINES) buffered.splice(0, buffered.length - MAX_LINES);
}

/** Formats a log entry of another library (e.g. the Temporal SDK) the way it would print it. */
export function formatTestLog(level: string, message: string, meta?: unknown): string {
  const fields = meta === undefined ? '' : ` ${formatWithOptions({ depth: 6, breakLength: Infinity }, meta)}`;
  return `${new Date().toISOString()} [${level}] ${message}${fields}\n`;
}

/** Empties the buffer and returns what it held. */
export function takeTestLogs(): string[] {
  return buffered.splice(0, buffered.length);
}

/** The app logger for tests: JSON lines into the test log. */
export const testLogger = createLogger(TEST_LOG_LEVEL, writeTestLog);
