import { createHash } from 'node:crypto';

/** Opaque keyword-index token for an organisation (tags and org ids may hold characters a tokenizer splits). */
export function orgScopeToken(orgId: string): string {
  return `o${hash16(orgId)}`;
}

/** Opaque keyword-index token for one container tag of one organisation. */
export function tagScopeToken(orgId: string, tag: string): string {
  return `t${hash16(`${orgId}\u0000${tag}`)}`;
}

function hash16(s: string): string {
  return createHash('sha256').update(s).digest('hex').slice(0, 16);
}
