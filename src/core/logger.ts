export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/** Minimal structured logger: one JSON line per entry. */
export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** Fields whose values never reach a log line, at any depth (connector credentials, tokens, keys). */
const SECRET_FIELD = /^(credentials|secretAccessKey|token|accessToken|refreshToken|apiKey|password|secret|clientSecret|authorization|webhookSecret)$/i;

function redact(key: string, value: unknown): unknown {
  return SECRET_FIELD.test(key) && value !== null && value !== undefined ? '[redacted]' : value;
}

export function createLogger(level: LogLevel = 'info', write: (line: string) => void = (l) => process.stderr.write(l)): Logger {
  const log = (lvl: Exclude<LogLevel, 'silent'>) => (msg: string, fields?: Record<string, unknown>) => {
    if (RANK[lvl] < RANK[level]) return;
    write(`${JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields }, redact)}\n`);
  };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

/** A logger that drops everything (tests). */
export const silentLogger: Logger = createLogger('silent');
