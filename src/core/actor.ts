import { createError } from './errors.js';
import type { KeyKind, Permission } from './types.js';

/**
 * Who is calling: every service call takes one, and scope is applied inside the store query from it. Built from the
 * API key by the auth service (HTTP), or by `systemActor` for the admin CLI and internal jobs.
 */
export interface Actor {
  orgId: string;
  keyId: string;
  keyKind: KeyKind;
  /** Container tags the caller may read and write; null = every tag of the organisation. */
  containerTags: readonly string[] | null;
  permission: Permission;
  /** Requests per window for this key; null = no per-key limit. */
  rateLimit: { max: number; windowMs: number } | null;
  expiresAt: string | null;
}

/** Full access to one organisation, for the admin CLI and scheduled jobs (never reachable over HTTP). */
export function systemActor(orgId: string): Actor {
  return { orgId, keyId: 'system', keyKind: 'root', containerTags: null, permission: 'write', rateLimit: null, expiresAt: null };
}

export function isScoped(actor: Actor): boolean {
  return actor.containerTags !== null;
}

/** Organisation administration (settings, keys, spaces, connections) needs a root key. */
export function requireRoot(actor: Actor, what: string): void {
  if (actor.keyKind !== 'root' || isScoped(actor)) {
    throw createError('FORBIDDEN', [`A scoped API key cannot ${what}; use a root key of the organisation`]);
  }
}

export function requireWrite(actor: Actor): void {
  if (actor.permission !== 'write') throw createError('FORBIDDEN', ['This API key is read-only']);
}

/** Refuses tags outside the caller's scope with 403 naming them. */
export function requireTags(actor: Actor, tags: readonly string[]): void {
  if (actor.containerTags === null) return;
  const allowed = new Set(actor.containerTags);
  const outside = [...new Set(tags)].filter((t) => !allowed.has(t));
  if (outside.length > 0) {
    throw createError('FORBIDDEN', [`containerTag ${outside.join(', ')} is outside this API key's scope`], {
      details: { containerTags: outside, allowed: actor.containerTags },
    });
  }
}

/**
 * The tags a read is limited to: the requested ones (each must be in scope), else the caller's whole scope;
 * undefined = the whole organisation.
 */
export function readScope(actor: Actor, requested?: readonly string[]): readonly string[] | undefined {
  if (requested && requested.length > 0) {
    requireTags(actor, requested);
    return requested;
  }
  return actor.containerTags ?? undefined;
}

/** Tags of a new document: the requested ones (in scope), else the default tag, or a scoped key's first tag. */
export function tagsForWrite(actor: Actor, requested: readonly string[] | undefined, defaults: readonly string[]): string[] {
  if (requested && requested.length > 0) {
    requireTags(actor, requested);
    return [...requested];
  }
  return actor.containerTags ? [actor.containerTags[0]!] : [...defaults];
}
