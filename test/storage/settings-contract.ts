/** Conformance suite for the SettingsStore port: every adapter runs it unchanged. */
import { describe, expect, it } from 'vitest';
import { describeWithStore, type CleanupStore, type ContractContext, type MakeStore } from './contract-context.js';

/** Registers the suite; `makeStore` and `cleanup` as for describeWithStore. */
export function runSettingsContract(name: string, makeStore: MakeStore, cleanup?: CleanupStore): void {
  describeWithStore(`SettingsStore contract: ${name}`, makeStore, cleanup, (ctx) => settingsContract(ctx));
}

function settingsContract(ctx: ContractContext): void {
  describe('settings', () => {
    it('merges updates per organisation', async () => {
      const { store, orgA, orgB } = ctx;
      expect(await store.settings.getSettings(orgA.id)).toEqual({});
      expect(await store.settings.updateSettings(orgA.id, { chunkSize: 512, model: 'x' })).toEqual({ chunkSize: 512, model: 'x' });
      const merged = { chunkSize: 512, model: 'y', extra: { nested: [1, 2] } };
      expect(await store.settings.updateSettings(orgA.id, { model: 'y', extra: { nested: [1, 2] } })).toEqual(merged);
      expect(await store.settings.getSettings(orgA.id)).toEqual(merged);
      expect(await store.settings.getSettings(orgB.id)).toEqual({});
      expect(await store.settings.updateSettings(orgB.id, { chunkSize: 64 })).toEqual({ chunkSize: 64 });
      expect(await store.settings.getSettings(orgA.id)).toEqual(merged);
    });
  });
}
