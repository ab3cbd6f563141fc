import { describe, expect, it } from 'vitest';
import { createTestRuntime } from '../helpers/runtime.js';
import { waitFor } from '../helpers/server-process.js';

describe('forgetting expired memories (embedded timer)', () => {
  it('marks memories past forgetAfter as forgotten within one check interval, and leaves the others', async () => {
    const rt = await createTestRuntime({ MNEMO_MEMORY_EXPIRY_CHECK_MS: '1000' });
    try {
      const now = new Date().toISOString();
      const base = {
        orgId: 'org_default',
        containerTags: ['t'],
        isStatic: false,
        isLatest: true,
        isForgotten: false,
        isInference: false,
        version: 1,
        parentMemoryId: null,
        relation: null,
        subject: null,
        attribute: null,
        eventDate: null,
        forgetReason: null,
        forgottenAt: null,
        documentIds: [],
        sourceCount: 1,
        metadata: {},
        createdAt: now,
        updatedAt: now,
      };
      await rt.store.memories.insertMemory({ ...base, id: 'm-expired', rootMemoryId: 'm-expired', memory: 'Dana is in Rome until yesterday.', forgetAfter: new Date(Date.now() - 1000).toISOString() });
      await rt.store.memories.insertMemory({ ...base, id: 'm-later', rootMemoryId: 'm-later', memory: 'Dana is in Rome next month.', forgetAfter: new Date(Date.now() + 86_400_000).toISOString() });
      const forgotten = await waitFor(
        async () => {
          const m = await rt.store.memories.getMemory('org_default', 'm-expired');
          return m?.isForgotten ? m : undefined;
        },
        10_000,
        100,
      );
      expect(forgotten).toMatchObject({ forgetReason: 'expired' });
      expect(forgotten.forgottenAt).not.toBeNull();
      expect(await rt.store.memories.getMemory('org_default', 'm-later')).toMatchObject({ isForgotten: false });
    } finally {
      await rt.close();
    }
  });
});
