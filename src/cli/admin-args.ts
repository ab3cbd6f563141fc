import { parseArgs } from 'node:util';
import type { Permission } from '../core/types.js';

/** One admin command, parsed and checked; the edge's only input. */
export type AdminCommand =
  | { kind: 'org-create'; name: string }
  | { kind: 'org-list' }
  | { kind: 'key-create'; orgId: string; name: string; tags: string[]; expiresInDays: number | undefined; permission: Permission }
  | { kind: 'key-list'; orgId: string }
  | { kind: 'key-revoke'; id: string }
  | { kind: 'oauth-sign-in'; orgId: string; keyId: string | undefined }
  | { kind: 'help' };

export interface ParsedAdminArgs {
  command: AdminCommand;
  json: boolean;
}

/** Bad arguments: printed with the usage, exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const USAGE = `Usage: npm run --silent admin -- <command> [options]

Commands:
  org create <name>                       create an organisation and its root API key (shown once)
  org list                                list organisations
  key create --org <id> [--tag <tag>]...  create an API key (scoped to the tags if any; shown once)
             [--expires-in-days <n>] [--name <name>] [--read-only]
  key list --org <id>                     list the keys of an organisation (prefixes only)
  key revoke <key-id>                     revoke a key (it gets 401 from then on)
  oauth sign-in --org <id> [--key <key-id>]
                                          a one-time code for the MCP consent page (15 minutes), acting with
                                          the rights of the key (default: the organisation's root key)

Options:
  --json    print one JSON object on stdout (logs go to stderr)
  --help    show this help

Reads the server's configuration (MNEMO_DATA_DIR, or MONGODB_URI for MongoDB).`;

/** Name of the key MNEMO_API_KEY configures; the server retires such keys of the default organisation on rotation. */
const RESERVED_KEY_NAME = 'root';

/** Parses argv (without node and the script) into a command; throws UsageError on anything unexpected. */
export function parseAdminArgs(argv: readonly string[]): ParsedAdminArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
        org: { type: 'string' },
        tag: { type: 'string', multiple: true },
        'expires-in-days': { type: 'string' },
        name: { type: 'string' },
        'read-only': { type: 'boolean', default: false },
        key: { type: 'string' },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values: v, positionals: p } = parsed;
  const json = v.json === true;
  if (v.help || p.length === 0) return { command: { kind: 'help' }, json };
  const [group, verb, ...rest] = p;
  const allow = (...options: string[]) => {
    const given = Object.entries(v).filter(([k, val]) => !['json', 'help'].includes(k) && val !== undefined && val !== false);
    const extra = given.map(([k]) => k).filter((k) => !options.includes(k));
    if (extra.length > 0) throw new UsageError(`${group} ${verb} does not take --${extra.join(', --')}`);
  };
  const args = (n: number, what: string) => {
    if (rest.length !== n) throw new UsageError(`${group} ${verb} takes ${n === 0 ? 'no arguments' : what}`);
  };
  const command = ((): AdminCommand => {
    switch (`${group} ${verb ?? ''}`) {
      case 'org create': {
        allow();
        args(1, 'one argument: the organisation name (quote it if it has spaces)');
        const name = rest[0]!.trim();
        if (!name || name.length > 200) throw new UsageError('the organisation name must be 1-200 characters');
        return { kind: 'org-create', name };
      }
      case 'org list':
        allow();
        args(0, '');
        return { kind: 'org-list' };
      case 'key create': {
        allow('org', 'tag', 'expires-in-days', 'name', 'read-only');
        args(0, '');
        const name = (v.name ?? 'cli').trim();
        if (!name || name.length > 100) throw new UsageError('--name must be 1-100 characters');
        if (name === RESERVED_KEY_NAME) throw new UsageError(`--name ${RESERVED_KEY_NAME} is reserved for the key MNEMO_API_KEY configures`);
        const tags = (v.tag ?? []).map((t) => t.trim());
        if (tags.some((t) => !t || t.length > 100)) throw new UsageError('--tag must be 1-100 characters');
        return {
          kind: 'key-create',
          orgId: requireOrg(v.org),
          name,
          tags,
          expiresInDays: v['expires-in-days'] === undefined ? undefined : days(v['expires-in-days']),
          permission: v['read-only'] ? 'read' : 'write',
        };
      }
      case 'key list':
        allow('org');
        args(0, '');
        return { kind: 'key-list', orgId: requireOrg(v.org) };
      case 'key revoke':
        allow();
        args(1, 'one argument: the key id (from key list)');
        return { kind: 'key-revoke', id: rest[0]! };
      case 'oauth sign-in':
        allow('org', 'key');
        args(0, '');
        return { kind: 'oauth-sign-in', orgId: requireOrg(v.org), keyId: v.key?.trim() || undefined };
      default:
        throw new UsageError(`unknown command: ${p.join(' ')}`);
    }
  })();
  return { command, json };
}

function requireOrg(org: string | undefined): string {
  if (!org?.trim()) throw new UsageError('--org <organisation id> is required (see org list)');
  return org.trim();
}

function days(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1 || n > 3650) {
    throw new UsageError(`--expires-in-days must be a whole number of days from 1 to 3650, got "${value}"`);
  }
  return n;
}
