/** What the per-port contract suites share: a fresh store per test with two organisations in it. */
import { afterEach, beforeEach, describe } from 'vitest';
import type { OrganizationRecord } from '../../src/core/types.js';
import type { Store } from '../../src/storage/store.js';
import { makeOrg } from './store-fixtures.js';

/** What each contract test gets: a fresh, migrated, empty store and two organisations already in it. */
export interface ContractContext {
  store: Store;
  orgA: OrganizationRecord;
  orgB: OrganizationRecord;
}

/** Returns a migrated store with no data (called once per test). */
export type MakeStore = () => Promise<Store>;
/** Runs after each test, before `close()` (e.g. drops the test's database). */
export type CleanupStore = (s: Store) => Promise<void>;

/** A describe block whose tests each get a fresh store (from `makeStore`) with two organisations in `ctx`. */
export function describeWithStore(title: string, makeStore: MakeStore, cleanup: CleanupStore | undefined, register: (ctx: ContractContext) => void): void {
  describe(title, () => {
    const ctx = {} as ContractContext;
    beforeEach(async () => {
      ctx.store = await makeStore();
      ctx.orgA = makeOrg('a');
      ctx.orgB = makeOrg('b');
      await ctx.store.accounts.upsertOrganization(ctx.orgA);
      await ctx.store.accounts.upsertOrganization(ctx.orgB);
    });
    afterEach(async () => {
      if (cleanup) await cleanup(ctx.store);
      await ctx.store.close();
    });
    register(ctx);
  });
}
