/**
 * Instance-wide secrets (e.g. the key that signs file links when MNEMO_SECRET_KEY is not set), created once and
 * shared by every process of the deployment: a file in the data directory (embedded) or a document (MongoDB).
 */
export interface SecretStore {
  /**
   * The secret stored under `name`, or `create()`'s value stored and returned when there is none yet. Concurrent
   * callers, in this process or another, all get the value that was stored first.
   */
  getOrCreate(name: string, create: () => string): Promise<string>;
}

const NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** Throws unless `name` is a short lower-case identifier (it becomes a file name). */
export function assertSecretName(name: string): void {
  if (!NAME.test(name)) throw new TypeError(`invalid secret name: ${JSON.stringify(name)}`);
}
