import { ConfigError, loadConfig } from '../config.js';
import { errorMessage, isAppError } from '../errors.js';
import { createLogger } from '../logger.js';
import { noticeLeadMs } from '../services/key-expiry.js';
import { ensureRootKey } from '../services/auth.js';
import { KeyService } from '../services/keys.js';
import { OrganizationService } from '../services/organizations.js';
import { openStore } from '../storage/open-store.js';
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
  const store = openStore(config, logger);
  try {
    await store.migrate();
    // The default organisation exists as the server makes it, but no root key is registered, generated or retired
    // here: that stays with the server and MNEMO_API_KEY.
    await ensureRootKey(store, { rootApiKey: undefined, dataDir: null }, logger);
    const keys = new KeyService(store, noticeLeadMs(config.keyExpiry.noticeDays));
    const output = await runAdminCommand(parsed.command, { keys, organizations: new OrganizationService(store, keys) });
    process.stdout.write(parsed.json ? `${JSON.stringify(output.json)}\n` : `${output.lines.join('\n')}\n`);
    return 0;
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (err: unknown) => {
    process.stderr.write(`error: ${err instanceof ConfigError || isAppError(err) ? err.message : errorMessage(err)}\n`);
    process.exitCode = 1;
  },
);
