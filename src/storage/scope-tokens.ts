import { createHash } from 'node:crypto';

/** Opaque keyword-index token for one container tag of one organisation (tags hold characters a tokenizer splits). */
export function tagScopeToken(orgId: string, tag: string): string {
  return `t${hash16(`${orgId}\u0000${tag}`)}`;
}

function hash16(s: string): string {
  return createHash('sha256').update(s).digest('hex').slice(0, 16);
}
