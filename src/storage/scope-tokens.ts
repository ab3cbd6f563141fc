import { createHash } from 'node:crypto';

/** Opaque keyword-index token for one container tag of one organisation (tags hold characters a tokenizer splits). */
export function tagScopeToken(orgId: string, tag: string): string {
  return `t${hash16(`${orgId}\u0000${tag}`)}`;
}

function hash16(s: string): string {
  return createHash('sha256').update(s).digest('hex').slice(0, 16);
}

/** Opaque keyword-index token for a whole organisation (indexes shared by organisations scope by it). */
export function orgScopeToken(orgId: string): string {
  return `o${hash16(`${orgId}\u0000`)}`;
}
