import type Database from 'better-sqlite3';
import { cachedStatement } from './statement-cache.js';

/** The tokenizer of the keyword tables (sqlite-keyword.ts) and of the scratch table below: they must count alike. */
export const FTS_TOKENIZE = "tokenize = 'unicode61 remove_diacritics 0'";

const SCRATCH = 'temp.mnemo_fts_delta';
const SCRATCH_VOCAB = 'temp.mnemo_fts_delta_vocab';

/**
 * How the document frequencies (rows holding a term, as the keyword table's fts5vocab 'row' table counts them)
 * change when the keyword rows `removed` are replaced by `added`, for the terms `wanted` accepts. Each row is its
 * columns' text joined by a space (a space separates tokens, so the row's tokens are the union of its columns').
 *
 * The rows are tokenized by FTS5 itself, in a contentless scratch table of the connection's temp schema: a JS
 * tokenizer could differ from unicode61 on case folding or on which characters make a token, and then the updated
 * counts would drift from a recount. Costs two small inserts and vocabulary reads a document.
 */
export function ftsRowDelta(db: Database.Database, removed: readonly string[], added: readonly string[], wanted: (term: string) => boolean): Map<string, number> {
  const delta = new Map<string, number>();
  if (removed.length === 0 && added.length === 0) return delta;
  // Looked up on each call, not remembered per connection: the writes call this inside their transaction, and one
  // rolled back after creating the tables takes them away again.
  if (!cachedStatement(db, "SELECT count(*) FROM temp.sqlite_master WHERE name = 'mnemo_fts_delta_vocab'").pluck().get()) {
    db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS ${SCRATCH} USING fts5(text, content = '', ${FTS_TOKENIZE})`);
    db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS ${SCRATCH_VOCAB} USING fts5vocab(temp, mnemo_fts_delta, 'row')`);
  }
  const clear = cachedStatement(db, `INSERT INTO ${SCRATCH} (mnemo_fts_delta) VALUES ('delete-all')`);
  const insert = cachedStatement(db, `INSERT INTO ${SCRATCH} (text) VALUES (?)`);
  const vocab = cachedStatement(db, `SELECT term, doc FROM ${SCRATCH_VOCAB}`);
  const count = (rows: readonly string[], sign: number) => {
    if (rows.length === 0) return;
    clear.run();
    for (const r of rows) insert.run(r);
    for (const { term, doc } of vocab.all() as { term: string; doc: number }[]) if (wanted(term)) delta.set(term, (delta.get(term) ?? 0) + sign * doc);
    clear.run();
  };
  count(removed, -1);
  count(added, 1);
  return delta;
}
