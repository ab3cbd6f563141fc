import type { IndexDescription } from 'mongodb';
import { CustomIdClaims } from './custom-ids.js';
import { isDuplicateKey } from './duplicate-key.js';
import { memoryRecency } from '../memories.js';
import { subjectKey } from './memory-codec.js';
import { INDEXES, type Collections } from './schema.js';

/** Ordered schema versions, recorded once each in schema_migrations; data migrations go here. */
export const MIGRATIONS: readonly { version: number; name: string; up: (c: Collections) => Promise<void> }[] = [
  // Version 1 is the layout in schema.ts; its indexes are (re)created by ensureIndexes on every start.
  { version: 1, name: 'core', up: async () => {} },
  {
    // A customId identifies a document within a container tag (it was unique per organisation through the
    // documents_custom_key index): claims per tag replace that index. Existing data was unique per organisation,
    // so every claim can be written.
    version: 2,
    name: 'custom-id-per-container-tag',
    up: async (c) => {
      const claims = new CustomIdClaims(c);
      const cursor = c.documents.find({ customId: { $type: 'string' } }, { projection: { _id: 1, orgId: 1, customId: 1, containerTags: 1 } });
      for await (const d of cursor) await claims.claim(d.orgId, d._id, d.customId!, d.containerTags);
      await c.documents.dropIndex('documents_custom_key').catch((err: unknown) => {
        if (!isIndexNotFound(err)) throw err;
      });
      await c.documents.updateMany({ customKey: { $exists: true } } as never, { $unset: { customKey: '' } } as never);
    },
  },
  {
    // Stored prefixes showed up to 10 characters of a key; keep the short fixed length (services/auth.ts).
    version: 3,
    name: 'short-key-prefixes',
    up: async (c) => {
      for await (const k of c.apiKeys.find({}, { projection: { _id: 1, prefix: 1 } })) {
        if (k.prefix.length > 7) await c.apiKeys.updateOne({ _id: k._id }, { $set: { prefix: k.prefix.slice(0, 7) } });
      }
    },
  },
  {
    // Memories carry their subject in lower case and their recency (memory-codec.ts) for indexed lookups and orders.
    version: 4,
    name: 'memory-lookup-fields',
    up: async (c) => {
      const cursor = c.memories.find({}, { projection: { _id: 1, subject: 1, eventDate: 1, updatedAt: 1 } });
      for await (const m of cursor) {
        await c.memories.updateOne({ _id: m._id }, { $set: { subjectKey: subjectKey(m.subject ?? null), recency: memoryRecency(m) } });
      }
    },
  },
];

export async function ensureIndexes(c: Collections): Promise<void> {
  // One index per command: FerretDB v1 drops the connection when one createIndexes names several existing indexes.
  for (const [name, indexes] of Object.entries(INDEXES) as [keyof typeof INDEXES, IndexDescription[]][]) {
    for (const index of indexes) await c[name].createIndexes([index]);
  }
}

/** Creates indexes, then applies and records pending migrations; safe to run from several processes at once. */
export async function migrate(c: Collections): Promise<void> {
  await ensureIndexes(c);
  const applied = new Set((await c.migrations.find({}, { projection: { _id: 1 } }).toArray()).map((m) => m._id));
  for (const m of MIGRATIONS) {
    if (applied.has(m.version)) continue;
    await m.up(c);
    await c.migrations.insertOne({ _id: m.version, name: m.name, appliedAt: new Date().toISOString() }).catch((err: unknown) => {
      if (!isDuplicateKey(err)) throw err;
    });
  }
}

function isIndexNotFound(err: unknown): boolean {
  const e = err as { code?: unknown; codeName?: unknown; message?: unknown };
  return e.code === 27 || e.code === 26 || e.codeName === 'IndexNotFound' || e.codeName === 'NamespaceNotFound' || (typeof e.message === 'string' && /index not found|ns not found/i.test(e.message));
}
