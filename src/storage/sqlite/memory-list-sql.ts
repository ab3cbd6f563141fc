import type { MemoryListQuery, MemoryScope } from '../memories.js';

/** A statement's WHERE/ORDER BY text and its parameters. */
export interface SqlPart {
  sql: string;
  params: unknown[];
}

const RECENCY_SQL = `CASE WHEN m.event_date IS NOT NULL AND substr(m.event_date, 1, 10) <= substr(m.updated_at, 1, 10)
  THEN substr(m.event_date, 1, 10) ELSE substr(m.updated_at, 1, 10) END`;

/**
 * A page of memory ids in the query's order. A query of one tag walks that tag's rows of memory_tags, which carry
 * the flags and sort keys (migration 13, memory-lookups), along an index in the requested order: a page costs its own size, however
 * many memories the tag or the organisation holds. Other shapes (several tags, a document's memories, the whole
 * organisation) read `memories` by the narrowest index they have and sort.
 */
export function listIdsSql(orgId: string, q: MemoryListQuery, now: string): { page: SqlPart; count: SqlPart } {
  const tags = q.containerTags ? [...new Set(q.containerTags)] : [];
  const dir = q.order === 'asc' ? 'ASC' : 'DESC';
  if (tags.length === 1 && !q.documentId) {
    const where = ['t.org_id = ?', 't.tag = ?'];
    const params: unknown[] = [orgId, tags[0]];
    if (!q.includeSuperseded) where.push('t.is_latest = 1');
    if (!q.includeForgotten) {
      where.push('t.is_forgotten = 0', '(t.forget_after IS NULL OR t.forget_after > ?)');
      params.push(now);
    }
    if (q.isStatic !== undefined) {
      where.push('t.is_static = ?');
      params.push(q.isStatic ? 1 : 0);
    }
    if (q.recentSince) {
      where.push('t.recency >= ?');
      params.push(q.recentSince);
    }
    const order = orderBy('t', q.sort, dir, 't.recency');
    const from = `FROM memory_tags t WHERE ${where.join(' AND ')}`;
    return {
      page: { sql: `SELECT t.memory_id AS id ${from} ORDER BY ${order} LIMIT ? OFFSET ?`, params: [...params, q.limit, q.offset] },
      count: { sql: `SELECT count(*) ${from}`, params },
    };
  }
  const { where, params } = memoryScopeSql(orgId, q, now);
  if (q.isStatic !== undefined) {
    where.push('m.is_static = ?');
    params.push(q.isStatic ? 1 : 0);
  }
  if (q.documentId) {
    where.push('m.id IN (SELECT memory_id FROM memory_sources WHERE org_id = ? AND document_id = ?)');
    params.push(orgId, q.documentId);
  }
  if (q.recentSince) {
    where.push(`${RECENCY_SQL} >= ?`);
    params.push(q.recentSince);
  }
  const from = `FROM memories m WHERE ${where.join(' AND ')}`;
  return {
    page: { sql: `SELECT m.id AS id ${from} ORDER BY ${orderBy('m', q.sort, dir, RECENCY_SQL)} LIMIT ? OFFSET ?`, params: [...params, q.limit, q.offset] },
    count: { sql: `SELECT count(*) ${from}`, params },
  };
}

function orderBy(alias: 't' | 'm', sort: MemoryListQuery['sort'], dir: string, recency: string): string {
  const id = alias === 't' ? 't.memory_id' : 'm.id';
  switch (sort) {
    case 'updatedAt':
      return `${alias}.updated_at ${dir}, ${id} ${dir}`;
    case 'support':
      return `${alias}.source_count ${dir}, ${alias}.updated_at ${dir}, ${id} ${dir}`;
    case 'recency':
      return `${recency} ${dir}, ${id} ${dir}`;
    default:
      return `${alias}.created_at ${dir}, ${id} ${dir}`;
  }
}

/**
 * WHERE clauses of a scope on `memories m`: organisation, tags (through memory_tags), forgotten/expired, superseded.
 * With tags the organisation is a check on each row (`+m.org_id`), never the index the planner walks: the tags'
 * rows are the narrower start.
 */
export function memoryScopeSql(orgId: string, q: MemoryScope, now: string, opts: { rowsKnown?: boolean } = {}): { where: string[]; params: unknown[] } {
  const tags = q.containerTags ? [...new Set(q.containerTags)] : [];
  const where: string[] = [];
  const params: unknown[] = [];
  // rowsKnown: the statement already names its rows (keyword matches); the organisation is only checked on them.
  where.push(tags.length > 0 || opts.rowsKnown ? '+m.org_id = ?' : 'm.org_id = ?');
  params.push(orgId);
  if (tags.length > 0) {
    where.push('m.id IN (SELECT memory_id FROM memory_tags WHERE org_id = ? AND tag IN (SELECT value FROM json_each(?)))');
    params.push(orgId, JSON.stringify(tags));
  }
  if (!q.includeForgotten) {
    where.push('m.is_forgotten = 0 AND (m.forget_after IS NULL OR m.forget_after > ?)');
    params.push(now);
  }
  if (!q.includeSuperseded) where.push('m.is_latest = 1');
  return { where, params };
}
