import type Database from 'better-sqlite3';
import { packInt8 } from '../../vector/int8.js';
import { blobToVector } from './rows.js';
import { recountKeywordTerms } from './keyword-terms.js';

/** A trigger recording a change to a document's searchable vectors or tags (migration 10, vector-sync.ts). */
const vectorChangeTrigger = (name: string, on: string, org: string, doc: string): string => `CREATE TRIGGER ${name} ${on} BEGIN
        UPDATE vector_seq SET n = n + 1 WHERE id = 1;
        INSERT INTO vector_changes (org_id, document_id, seq) VALUES (${org}, ${doc}, (SELECT n FROM vector_seq WHERE id = 1))
          ON CONFLICT (org_id, document_id) DO UPDATE SET seq = excluded.seq;
      END;`;

/** A trigger counting a change to what the memory vector index holds (migration 11, memories.ts). */
const memoryChangeTrigger = (name: string, on: string, org: string): string => `CREATE TRIGGER ${name} ${on} BEGIN
        INSERT INTO memory_seq (org_id, n) VALUES (${org}, 1) ON CONFLICT (org_id) DO UPDATE SET n = n + 1;
      END;`;

/** A trigger counting a change to a tag's memories (migration 14, memories.ts memoryTagStamp). */
const memoryTagChangeTrigger = (name: string, on: string, row: 'NEW' | 'OLD'): string => `CREATE TRIGGER ${name} ${on} BEGIN
        INSERT INTO memory_tag_seq (org_id, tag, n) VALUES (${row}.org_id, ${row}.tag, 1) ON CONFLICT (org_id, tag) DO UPDATE SET n = n + 1;
      END;`;

/**
 * Ordered schema migrations; each runs once, inside a transaction, recorded in schema_migrations. `run` fills what
 * SQL alone cannot, after `sql`, in the same transaction.
 */
export const MIGRATIONS: readonly { version: number; name: string; sql: string; run?: (db: Database.Database) => void }[] = [
  {
    version: 1,
    name: 'core',
    sql: `
      CREATE TABLE organizations (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        slug TEXT NOT NULL,
        created_at TEXT NOT NULL
      );

      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL REFERENCES organizations(id),
        name TEXT NOT NULL,
        key_hash TEXT NOT NULL UNIQUE,
        prefix TEXT NOT NULL,
        container_tags TEXT,
        created_at TEXT NOT NULL,
        revoked_at TEXT
      );

      CREATE TABLE documents (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL REFERENCES organizations(id),
        custom_id TEXT,
        container_tags TEXT NOT NULL,
        raw TEXT NOT NULL,
        content TEXT,
        content_hash TEXT NOT NULL,
        title TEXT,
        summary TEXT,
        url TEXT,
        filepath TEXT,
        type TEXT NOT NULL,
        metadata TEXT NOT NULL,
        status TEXT NOT NULL,
        task_type TEXT NOT NULL,
        forget_after TEXT,
        entity_context TEXT,
        source TEXT,
        connection_id TEXT,
        processing_metadata TEXT,
        generation INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_run_at INTEGER NOT NULL DEFAULT 0,
        token_count INTEGER,
        word_count INTEGER,
        chunk_count INTEGER,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX documents_custom_id ON documents(org_id, custom_id) WHERE custom_id IS NOT NULL;
      CREATE INDEX documents_org_created ON documents(org_id, created_at);
      CREATE INDEX documents_org_updated ON documents(org_id, updated_at);
      CREATE INDEX documents_org_status ON documents(org_id, status);
      CREATE INDEX documents_due ON documents(next_run_at) WHERE status NOT IN ('done', 'failed', 'unknown');

      CREATE TABLE document_tags (
        org_id TEXT NOT NULL,
        tag TEXT NOT NULL,
        document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        PRIMARY KEY (org_id, tag, document_id)
      );
      CREATE INDEX document_tags_document ON document_tags(document_id);

      CREATE TABLE chunks (
        rowid INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        org_id TEXT NOT NULL,
        document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        generation INTEGER NOT NULL,
        position INTEGER NOT NULL,
        content TEXT NOT NULL,
        embedded_content TEXT NOT NULL,
        token_count INTEGER NOT NULL,
        type TEXT NOT NULL,
        metadata TEXT NOT NULL,
        active INTEGER NOT NULL DEFAULT 0,
        embedding BLOB,
        embedding_model TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX chunks_document ON chunks(document_id, generation, position);
      CREATE INDEX chunks_org_active ON chunks(org_id, active);

      -- One FTS5 keyword index per organisation (created on first use, see sqlite-keyword.ts), so BM25
      -- statistics never mix tenants.
      CREATE TABLE keyword_indexes (
        org_id TEXT PRIMARY KEY,
        table_name TEXT NOT NULL UNIQUE
      );

      CREATE TABLE settings (
        org_id TEXT PRIMARY KEY REFERENCES organizations(id),
        data TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
    `,
  },
  {
    // A customId identifies a document within a container tag (it was unique per organisation): the unique key moves
    // to (org, tag, customId) in document_tags. Existing data was unique per organisation, so it satisfies the new key.
    version: 2,
    name: 'custom-id-per-container-tag',
    sql: `
      ALTER TABLE document_tags ADD COLUMN custom_id TEXT;
      UPDATE document_tags SET custom_id = (SELECT d.custom_id FROM documents d WHERE d.id = document_tags.document_id);
      DROP INDEX documents_custom_id;
      CREATE INDEX documents_custom_id ON documents(org_id, custom_id) WHERE custom_id IS NOT NULL;
      CREATE UNIQUE INDEX document_tags_custom_id ON document_tags(org_id, tag, custom_id) WHERE custom_id IS NOT NULL;
    `,
  },
  {
    // Scoped keys (kind, permission, expiry, enable toggle, rate limit, expiry notices) and container-tag spaces.
    version: 3,
    name: 'scoped-keys-and-spaces',
    sql: `
      ALTER TABLE api_keys ADD COLUMN kind TEXT NOT NULL DEFAULT 'root';
      ALTER TABLE api_keys ADD COLUMN permission TEXT NOT NULL DEFAULT 'write';
      ALTER TABLE api_keys ADD COLUMN expires_at TEXT;
      ALTER TABLE api_keys ADD COLUMN enabled INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE api_keys ADD COLUMN rate_limit_max INTEGER;
      ALTER TABLE api_keys ADD COLUMN rate_limit_window_ms INTEGER;
      ALTER TABLE api_keys ADD COLUMN expiry_notices TEXT NOT NULL DEFAULT '[]';
      UPDATE api_keys SET kind = 'scoped' WHERE container_tags IS NOT NULL;
      -- Stored prefixes showed up to 10 characters of a key; keep the short fixed length (services/auth.ts).
      UPDATE api_keys SET prefix = substr(prefix, 1, 7);
      CREATE INDEX api_keys_org ON api_keys(org_id, created_at);
      CREATE INDEX api_keys_expiry ON api_keys(expires_at) WHERE expires_at IS NOT NULL;

      CREATE TABLE container_tags (
        org_id TEXT NOT NULL REFERENCES organizations(id),
        tag TEXT NOT NULL,
        name TEXT,
        entity_context TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (org_id, tag)
      );
    `,
  },
  {
    // The memory engine: facts with versions and sources, their tags, and a keyword index. Vectors stay in the
    // row (embedding) like chunk vectors, loaded into an in-memory index for the latest, unforgotten memories.
    version: 4,
    name: 'memories',
    sql: `
      CREATE TABLE memories (
        rowid INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        org_id TEXT NOT NULL,
        container_tags TEXT NOT NULL,
        memory TEXT NOT NULL,
        is_static INTEGER NOT NULL,
        is_latest INTEGER NOT NULL,
        is_forgotten INTEGER NOT NULL,
        is_inference INTEGER NOT NULL,
        version INTEGER NOT NULL,
        parent_memory_id TEXT,
        root_memory_id TEXT,
        relation TEXT,
        subject TEXT,
        attribute TEXT,
        event_date TEXT,
        forget_after TEXT,
        forget_reason TEXT,
        forgotten_at TEXT,
        document_ids TEXT NOT NULL,
        source_count INTEGER NOT NULL,
        metadata TEXT NOT NULL,
        embedding BLOB,
        embedding_model TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX memories_org_created ON memories(org_id, created_at);
      CREATE INDEX memories_org_updated ON memories(org_id, updated_at);
      CREATE INDEX memories_root ON memories(org_id, root_memory_id);
      CREATE INDEX memories_expiring ON memories(forget_after) WHERE forget_after IS NOT NULL AND is_forgotten = 0;

      CREATE TABLE memory_tags (
        org_id TEXT NOT NULL,
        tag TEXT NOT NULL,
        memory_id TEXT NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
        PRIMARY KEY (org_id, tag, memory_id)
      );
      CREATE INDEX memory_tags_memory ON memory_tags(memory_id);

      CREATE TABLE memory_sources (
        org_id TEXT NOT NULL,
        document_id TEXT NOT NULL,
        memory_id TEXT NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
        PRIMARY KEY (org_id, document_id, memory_id)
      );
      CREATE INDEX memory_sources_memory ON memory_sources(memory_id);

      -- Keyword candidates for memories (rowid = memories.rowid); scope holds an organisation token and tag tokens.
      CREATE VIRTUAL TABLE memory_fts USING fts5(terms, scope, tokenize = 'unicode61 remove_diacritics 0');
    `,
  },
  {
    // Re-sent batches: a document added again with the same content shortly after is found by its hash.
    version: 5,
    name: 'documents-by-content-hash',
    sql: `CREATE INDEX documents_org_hash ON documents(org_id, content_hash, created_at);`,
  },
  {
    // Facts about the same subject and attribute (what an update replaces), found whatever their wording.
    version: 6,
    name: 'memories-by-subject',
    sql: `CREATE INDEX memories_org_attribute ON memories(org_id, attribute) WHERE attribute IS NOT NULL;`,
  },
  {
    // Uploaded originals: the blob key, name, type, size and hash of a document's file (JSON), null otherwise.
    version: 7,
    name: 'document-files',
    sql: `ALTER TABLE documents ADD COLUMN file TEXT;`,
  },
  {
    // Connectors: connections (credentials encrypted by the service), their sync runs and per-item sync state.
    version: 8,
    name: 'connections',
    sql: `
      CREATE TABLE connections (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL,
        provider TEXT NOT NULL,
        container_tags TEXT NOT NULL,
        document_limit INTEGER NOT NULL,
        metadata TEXT NOT NULL,
        credentials TEXT,
        status TEXT NOT NULL,
        state TEXT NOT NULL,
        sync_every_ms INTEGER NOT NULL,
        next_sync_at INTEGER,
        last_sync_at TEXT,
        error TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX connections_org ON connections(org_id, created_at);
      CREATE INDEX connections_due ON connections(next_sync_at) WHERE next_sync_at IS NOT NULL;

      CREATE TABLE connection_sync_runs (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL,
        connection_id TEXT NOT NULL,
        trigger_type TEXT NOT NULL,
        status TEXT NOT NULL,
        items_processed INTEGER NOT NULL,
        items_failed INTEGER NOT NULL,
        error TEXT,
        started_at TEXT NOT NULL,
        finished_at TEXT
      );
      CREATE INDEX connection_sync_runs_connection ON connection_sync_runs(org_id, connection_id, started_at);

      CREATE TABLE connection_items (
        org_id TEXT NOT NULL,
        connection_id TEXT NOT NULL,
        external_id TEXT NOT NULL,
        document_id TEXT NOT NULL,
        version TEXT,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (org_id, connection_id, external_id)
      );
    `,
  },
  {
    // The searchable vectors as the in-memory index holds them (int8 with a scale, vector/int8.ts), beside the
    // float vectors in chunks: a cold start reads ~0.4 KB per chunk in one range of this table and copies it, instead
    // of scanning the chunks table (text included) and quantising every float vector. Kept in step with the
    // active chunks by activateGeneration and deleteDocuments.
    version: 9,
    name: 'chunk-vectors',
    sql: `
      CREATE TABLE chunk_vectors (
        org_id TEXT NOT NULL,
        document_id TEXT NOT NULL,
        model TEXT NOT NULL,
        chunk_id TEXT NOT NULL,
        packed BLOB NOT NULL,
        PRIMARY KEY (org_id, document_id, model, chunk_id)
      ) WITHOUT ROWID;
    `,
    run: (db) => {
      const insert = db.prepare('INSERT INTO chunk_vectors (org_id, document_id, model, chunk_id, packed) VALUES (?, ?, ?, ?, ?)');
      // In batches by rowid: a store of a million chunks never holds every float vector at once.
      const batch = db.prepare(
        `SELECT rowid, org_id, document_id, embedding_model, id, embedding FROM chunks
         WHERE rowid > ? AND active = 1 AND embedding IS NOT NULL AND embedding_model IS NOT NULL ORDER BY rowid LIMIT 5000`,
      );
      for (let after = 0; ;) {
        const rows = batch.raw().all(after) as [number, string, string, string, string, Buffer][];
        if (rows.length === 0) break;
        for (const [, org, doc, model, id, embedding] of rows) insert.run(org, doc, model, id, packInt8(blobToVector(embedding)));
        after = rows[rows.length - 1]![0];
      }
    },
  },
  {
    // What changed in the searchable vectors, for the in-memory index (vector/index-image.ts): triggers record, per
    // document, the sequence number of its last change to chunk_vectors or to its tags, whichever code wrote it (this
    // process, another process on the same file, a migration). An index loaded from a snapshot at sequence S, or
    // built at S, re-reads only the documents changed after S. vector_snapshots names the snapshot file a store
    // trusts for (organisation, model), so a file from another copy of the database is never used. The rows of
    // deleted documents are pruned once an image covers them (vector_floors).
    version: 10,
    name: 'vector-changes',
    sql: `
      CREATE TABLE vector_seq (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL);
      INSERT INTO vector_seq (id, n) VALUES (1, 0);
      CREATE TABLE vector_changes (
        org_id TEXT NOT NULL,
        document_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        PRIMARY KEY (org_id, document_id)
      ) WITHOUT ROWID;
      CREATE INDEX vector_changes_by_seq ON vector_changes (org_id, seq);
      CREATE TABLE vector_snapshots (
        org_id TEXT NOT NULL,
        model TEXT NOT NULL,
        token TEXT NOT NULL,
        seq INTEGER NOT NULL,
        PRIMARY KEY (org_id, model)
      );
      -- Rows of deleted documents at or below pruned_through are gone: an index older than that cannot catch up.
      CREATE TABLE vector_floors (org_id TEXT PRIMARY KEY, pruned_through INTEGER NOT NULL) WITHOUT ROWID;
      ${vectorChangeTrigger('chunk_vectors_changed_insert', 'AFTER INSERT ON chunk_vectors', 'NEW.org_id', 'NEW.document_id')}
      ${vectorChangeTrigger('chunk_vectors_changed_delete', 'AFTER DELETE ON chunk_vectors', 'OLD.org_id', 'OLD.document_id')}
      ${vectorChangeTrigger('chunk_vectors_changed_update', 'AFTER UPDATE ON chunk_vectors', 'NEW.org_id', 'NEW.document_id')}
      ${vectorChangeTrigger('documents_tags_changed', 'AFTER UPDATE OF container_tags ON documents WHEN OLD.container_tags IS NOT NEW.container_tags', 'NEW.org_id', 'NEW.id')}
    `,
  },
  {
    // The same for the memory vector index (memories.ts): a change counter per organisation, bumped by triggers on
    // every change to what the index holds (a memory's vector, tags, latest and forgotten flags), whoever wrote it.
    // A process whose loaded index is behind the counter, other than by its own writes, reloads it.
    version: 11,
    name: 'memory-changes',
    sql: `
      CREATE TABLE memory_seq (org_id TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;
      ${memoryChangeTrigger('memories_changed_insert', 'AFTER INSERT ON memories', 'NEW.org_id')}
      ${memoryChangeTrigger('memories_changed_delete', 'AFTER DELETE ON memories', 'OLD.org_id')}
      ${memoryChangeTrigger('memories_changed_update', 'AFTER UPDATE OF embedding, embedding_model, is_latest, is_forgotten, container_tags ON memories', 'NEW.org_id')}
    `,
  },
  {
    // How agents reach Mnemo (storage/accounts.ts AgentAccessStore): OAuth clients, one-use authorization codes and
    // consent-page sign-in links, grants (hashed access and refresh tokens), and MCP sessions shared by every API
    // process. Records are JSON; the columns beside them are what they are looked up by.
    version: 12,
    name: 'agent-access',
    sql: `
      CREATE TABLE oauth_clients (id TEXT PRIMARY KEY, data TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE oauth_codes (code_hash TEXT PRIMARY KEY, expires_at TEXT NOT NULL, data TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE oauth_grants (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL,
        access_hash TEXT NOT NULL UNIQUE,
        refresh_hash TEXT NOT NULL UNIQUE,
        previous_refresh_hash TEXT,
        created_at TEXT NOT NULL,
        data TEXT NOT NULL
      );
      CREATE INDEX oauth_grants_by_org ON oauth_grants (org_id, created_at);
      CREATE INDEX oauth_grants_by_previous_refresh ON oauth_grants (previous_refresh_hash);
      CREATE TABLE oauth_sign_in_links (token_hash TEXT PRIMARY KEY, expires_at TEXT NOT NULL, data TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE mcp_sessions (id TEXT PRIMARY KEY, last_seen_at TEXT NOT NULL, data TEXT NOT NULL) WITHOUT ROWID;
    `,
  },
  {
    // Memory reads that cost what they return, not what the organisation or tag holds (issue 26): version chains by
    // root (one query per page of results), subjects case-insensitively through an index, each tag's memories in
    // the orders lists and profiles read them (memory_tags carries the flags and sort keys of its memory, kept by
    // memories.ts), and the document frequency of each memory term per organisation (keyword searches leave out
    // terms too common to be worth matching).
    version: 13,
    name: 'memory-lookups',
    sql: `
      DROP INDEX memories_root;
      CREATE INDEX memories_chain ON memories(org_id, root_memory_id, version);
      DROP INDEX memories_org_attribute;
      CREATE INDEX memories_subject ON memories(org_id, lower(subject), attribute, updated_at) WHERE subject IS NOT NULL;

      ALTER TABLE memory_tags ADD COLUMN is_latest INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE memory_tags ADD COLUMN is_forgotten INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE memory_tags ADD COLUMN is_static INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE memory_tags ADD COLUMN source_count INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE memory_tags ADD COLUMN created_at TEXT NOT NULL DEFAULT '';
      ALTER TABLE memory_tags ADD COLUMN updated_at TEXT NOT NULL DEFAULT '';
      ALTER TABLE memory_tags ADD COLUMN recency TEXT NOT NULL DEFAULT '';
      ALTER TABLE memory_tags ADD COLUMN forget_after TEXT;
      UPDATE memory_tags SET (is_latest, is_forgotten, is_static, source_count, created_at, updated_at, recency, forget_after) = (
        SELECT m.is_latest, m.is_forgotten, m.is_static, m.source_count, m.created_at, m.updated_at,
          CASE WHEN m.event_date IS NOT NULL AND substr(m.event_date, 1, 10) <= substr(m.updated_at, 1, 10)
            THEN substr(m.event_date, 1, 10) ELSE substr(m.updated_at, 1, 10) END,
          m.forget_after
        FROM memories m WHERE m.id = memory_tags.memory_id);
      CREATE INDEX memory_tags_created ON memory_tags(org_id, tag, is_latest, is_forgotten, created_at, memory_id, forget_after);
      CREATE INDEX memory_tags_updated ON memory_tags(org_id, tag, is_latest, is_forgotten, updated_at, memory_id, forget_after);
      CREATE INDEX memory_tags_support ON memory_tags(org_id, tag, is_latest, is_forgotten, is_static, source_count, updated_at, memory_id, forget_after);
      CREATE INDEX memory_tags_recency ON memory_tags(org_id, tag, is_latest, is_forgotten, is_static, recency, memory_id, forget_after);

      CREATE TABLE memory_terms (org_id TEXT NOT NULL, term TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (org_id, term)) WITHOUT ROWID;
    `,
    run: (db) => {
      // Every keyword row counts once per distinct term, as the store keeps it from now on (memory-side.ts).
      const counts = new Map<string, number>();
      const rows = db.prepare('SELECT m.org_id, f.terms FROM memory_fts f JOIN memories m ON m.rowid = f.rowid').iterate() as Iterable<{ org_id: string; terms: string }>;
      for (const r of rows) {
        for (const t of new Set(r.terms.split(' ').filter(Boolean))) counts.set(`${r.org_id}\u0000${t}`, (counts.get(`${r.org_id}\u0000${t}`) ?? 0) + 1);
      }
      const put = db.prepare('INSERT INTO memory_terms (org_id, term, n) VALUES (?, ?, ?)');
      for (const [key, n] of counts) {
        const i = key.indexOf('\u0000');
        put.run(key.slice(0, i), key.slice(i + 1), n);
      }
    },
  },
  {
    // A change counter per container tag (memories.ts memoryTagStamp): every memory write rewrites the memory's tag
    // rows (memory-side.ts), so triggers on memory_tags count each write once per tag it touches, in the write's own
    // transaction; a cached profile keys on it. The tag's next expiry comes from its own index.
    version: 14,
    name: 'memory-tag-changes',
    sql: `
      CREATE TABLE memory_tag_seq (org_id TEXT NOT NULL, tag TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (org_id, tag)) WITHOUT ROWID;
      ${memoryTagChangeTrigger('memory_tags_changed_insert', 'AFTER INSERT ON memory_tags', 'NEW')}
      ${memoryTagChangeTrigger('memory_tags_changed_delete', 'AFTER DELETE ON memory_tags', 'OLD')}
      ${memoryTagChangeTrigger('memory_tags_changed_update', 'AFTER UPDATE ON memory_tags', 'NEW')}
      CREATE INDEX memory_tags_expiring ON memory_tags(org_id, tag, forget_after) WHERE forget_after IS NOT NULL;
    `,
  },
  {
    // The re-embedding check at start (runner/reembed.ts) asks for active chunks of another model: without an index
    // it read every chunk on the event loop (~10 s at 1M chunks) on each start, to find none.
    version: 15,
    name: 'chunks-by-embedding-model',
    sql: `CREATE INDEX chunks_embedding_model ON chunks(embedding_model, document_id) WHERE active = 1;`,
  },
  {
    // Document frequencies of the chunk keyword index, kept by the writes that change its rows (keyword-terms.ts):
    // FTS5's vocabulary counts them by walking doclists, most of a cold start's reads at 1M chunks (issue 28).
    // Filled once from each organisation's vocabulary (~2-3 s at 1M chunks).
    version: 16,
    name: 'keyword-terms',
    sql: `CREATE TABLE keyword_terms (org_id TEXT NOT NULL, term TEXT NOT NULL, df INTEGER NOT NULL, PRIMARY KEY (org_id, term)) WITHOUT ROWID;`,
    run: (db) => {
      for (const { org_id: orgId, table_name: table } of db.prepare('SELECT org_id, table_name FROM keyword_indexes').all() as { org_id: string; table_name: string }[]) {
        recountKeywordTerms(db, orgId, table);
      }
    },
  },
  {
    // A search's hits read their documents' heads (rows.ts DOCUMENT_HEAD_COLUMNS) from this index alone: in the rows
    // the columns they need come after the text (raw, content), so each was its row's leaf and 1-4 overflow pages,
    // most of a cold search's document reads at 1M chunks (issue 28). Built once (~15 s at 276k documents).
    version: 17,
    name: 'document-heads',
    sql: `CREATE INDEX documents_head ON documents(id, org_id, custom_id, container_tags, title, summary, url, filepath, type, metadata, generation, created_at, updated_at);`,
  },
];

/** Applies pending migrations in order. */
export function migrate(db: Database.Database): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const applied = new Set((db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version));
  for (const m of MIGRATIONS) {
    if (applied.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      m.run?.(db);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, new Date().toISOString());
    })();
  }
}
