/**
 * Issue 28, round 12: the documents added just before and after a document in its container tags
 * (DocumentStore.neighbourDocuments), which search reads as a chat turn's context (search/turn-context.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { makeDocument, makeOrg } from './store-fixtures.js';

describe('sqlite documents: neighbours in insertion order within the same tags', () => {
  let store: SqliteStore;
  beforeEach(async () => {
    store = new SqliteStore(':memory:');
    await store.migrate();
  });
  afterEach(async () => {
    await store.close();
  });

  it('finds up to `window` documents of the same tags on each side, skipping other tags and organisations', async () => {
    const org = makeOrg('a');
    const other = makeOrg('b');
    await store.accounts.upsertOrganization(org);
    await store.accounts.upsertOrganization(other);
    const chat: string[] = [];
    for (let i = 0; i < 5; i++) {
      const turn = makeDocument(org.id, { containerTags: ['chat'] });
      await store.documents.insertDocument(turn);
      chat.push(turn.id);
      // Interleaved: another tag of the same organisation and the same tag in another organisation.
      await store.documents.insertDocument(makeDocument(org.id, { containerTags: ['notes'] }));
      await store.documents.insertDocument(makeDocument(other.id, { containerTags: ['chat'] }));
    }
    const near = await store.documents.neighbourDocuments(org.id, [chat[2]!, chat[0]!], 2);
    expect(near.get(chat[2]!)).toEqual([
      { id: chat[1], offset: -1 },
      { id: chat[0], offset: -2 },
      { id: chat[3], offset: 1 },
      { id: chat[4], offset: 2 },
    ]);
    expect(near.get(chat[0]!)).toEqual([
      { id: chat[1], offset: 1 },
      { id: chat[2], offset: 2 },
    ]);
    expect((await store.documents.neighbourDocuments(other.id, [chat[2]!], 2)).get(chat[2]!)).toEqual([]);
  });
});
