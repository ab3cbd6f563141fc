import { randomBytes } from 'node:crypto';
import type { SecretStore } from '../storage/secrets.js';

/** Name of the generated master secret in store.secrets when MNEMO_SECRET_KEY is not set. */
export const INSTANCE_SECRET = 'instance-secret';

/**
 * The deployment's master secret: MNEMO_SECRET_KEY, or else 32 random bytes generated once and kept by the store
 * (a file in the data directory, or the MongoDB `secrets` collection), so every process of the deployment agrees.
 * File links, OAuth states, setup links and sealed connector credentials each derive their own key from it.
 */
export async function masterSecret(secretKey: string | undefined, secrets: SecretStore): Promise<string> {
  return secretKey ?? (await secrets.getOrCreate(INSTANCE_SECRET, () => randomBytes(32).toString('base64url')));
}
