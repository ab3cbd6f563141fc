import { createRequire } from 'node:module';
import { beforeAll, beforeEach } from 'vitest';
import { formatTestLog, TEST_LOG_LEVEL, takeTestLogs, writeTestLog } from './test-logs.js';

/**
 * Vitest setup of every test file (vitest.config.ts): the logs a test provoked are printed after it only if it
 * failed, then dropped. See test/helpers/test-logs.ts for MNEMO_TEST_LOGS.
 */
beforeEach(({ onTestFinished }) => {
  onTestFinished(({ task }) => {
    const lines = takeTestLogs();
    if (task.result?.state === 'fail' && lines.length > 0) {
      process.stderr.write(`\n--- logs of the failed test "${task.name}" ---\n${lines.join('')}--- end of logs ---\n`);
    }
  });
});

beforeAll(async () => {
  // The Temporal SDK logs to stderr through its process-wide Runtime (every activity failure with its stack trace).
  // Install one that logs into the test log, before the file's own hooks create workers; only in files that loaded
  // the SDK, because importing it costs most of a second.
  const require = createRequire(import.meta.url);
  let sdk: string;
  try {
    sdk = require.resolve('@temporalio/worker');
  } catch {
    return;
  }
  if (!require.cache[sdk]) return;
  const { DefaultLogger, Runtime } = await import('@temporalio/worker');
  const logger = new DefaultLogger(TEST_LOG_LEVEL === 'debug' ? 'DEBUG' : 'INFO', (entry) => writeTestLog(formatTestLog(entry.level, entry.message, entry.meta)));
  try {
    // forward: the SDK's native core logs too (they would otherwise print straight to the console).
    Runtime.install({ logger, telemetryOptions: { logging: { filter: { core: 'WARN', other: 'ERROR' }, forward: {} } } });
  } catch {
    // Installed earlier in this process (src/temporal/create-runner.ts installs one too); that one stays.
  }
});
