/** Conformance suite for the SecretStore port (instance-wide secrets), run on every store adapter. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/storage/store.js';
import type { CleanupStore, MakeStore } from './contract-context.js';

/** Registers the suite; `makeStore` and `cleanup` as for runStoreContract. */
export function runSecretContract(name: string, makeStore: MakeStore, cleanup?: CleanupStore): void {
  describe(`SecretStore contract: ${name}`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await makeStore();
    });
    afterEach(async () => {
      if (cleanup) await cleanup(store);
      await store.close();
    });

    it('creates a secret once and returns the stored value afterwards, also to concurrent callers', async () => {
      let created = 0;
      const make = () => `value-${++created}`;
      const values = await Promise.all([1, 2, 3, 4].map(() => store.secrets.getOrCreate('file-links', make)));
      expect(new Set(values).size).toBe(1);
      expect(await store.secrets.getOrCreate('file-links', () => 'other')).toBe(values[0]);
      expect(await store.secrets.getOrCreate('another', () => 'second secret')).toBe('second secret');
    });

    it('refuses names that are not short lower-case identifiers', async () => {
      for (const bad of ['', '../x', 'A', 'a/b', 'x'.repeat(80)]) {
        await expect(
          store.secrets.getOrCreate(bad, () => 'v'),
          bad,
        ).rejects.toThrow(TypeError);
      }
    });
  });
}
