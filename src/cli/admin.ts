import { ConfigError, loadConfig } from '../core/config.js';
import { errorMessage, isAppError } from '../core/errors.js';
import { createLogger } from '../core/logger.js';
import { createAdminServices } from '../composition/admin.js';
import { parseAdminArgs, USAGE, UsageError } from './admin-args.js';
import { runAdminCommand } from './admin-commands.js';

/**
 * Admin CLI root: the server's configuration and store, the same services, no HTTP. Exit codes: 0 done,
 * 1 failed (unknown organisation or key, store or configuration error), 2 bad arguments. stdout carries only the
 * result (one JSON object with --json); usage, errors and logs go to stderr.
 */
async function main(argv: readonly string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseAdminArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`error: ${err.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (parsed.command.kind === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const config = loadConfig();
  // Info-level logs (store connection, migrations) would drown the result; warnings and errors still show.
  const logger = createLogger(config.logLevel === 'debug' ? 'debug' : config.logLevel === 'info' ? 'warn' : config.logLevel);
  const services = await createAdminServices(config, logger);
  try {
    const output = await runAdminCommand(parsed.command, services);
    process.stdout.write(parsed.json ? `${JSON.stringify(output.json)}\n` : `${output.lines.join('\n')}\n`);
    return 0;
  } finally {
    await services.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (err: unknown) => {
    process.stderr.write(`error: ${err instanceof ConfigError || isAppError(err) ? err.message : errorMessage(err)}\n`);
    process.exitCode = 1;
  },
);
