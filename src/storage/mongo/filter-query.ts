import type { Filter } from 'mongodb';
import { createError } from '../../core/errors.js';
import type { FilterClause, FilterNode, NumericOperator } from '../../core/filters.js';
import type { SearchScope } from '../chunks.js';
import { metaField } from './codec.js';
import type { DocumentBson } from './schema.js';

const NUMERIC: Record<Exclude<NumericOperator, '!='>, '$gt' | '$lt' | '$gte' | '$lte' | '$eq'> = {
  '>': '$gt',
  '<': '$lt',
  '>=': '$gte',
  '<=': '$lte',
  '=': '$eq',
};

/**
 * Compiles a filter tree into a MongoDB query over `metaIndex` (see codec.ts) with the semantics of
 * core/filters.ts `matchesFilter`. Client input is only ever data: a key is hashed into a field name, a value is
 * the operand of `$eq`, of a numeric comparison, or of a `$regex` in which every metacharacter is escaped. A clause
 * whose value is not a string (or number, for numeric clauses) is rejected, so an object such as {"$gt": ""} can
 * never reach the query as an operator.
 */
export function compileFilter(node: FilterNode): Filter<DocumentBson> {
  if (node.kind === 'and') return { $and: node.children.map(compileFilter) };
  if (node.kind === 'or') return { $or: node.children.map(compileFilter) };
  const condition = compileClause(node);
  // A negated clause also matches documents without the key, as in matchesFilter.
  return node.negate ? { $nor: [condition] } : condition;
}

function compileClause(c: FilterClause): Filter<DocumentBson> {
  if (typeof c.key !== 'string') throw createError('INVALID_FILTER', ['a filter key must be a string']);
  const base = `metaIndex.${metaField(c.key)}`;
  if (c.match === 'numeric') {
    const v = c.numericValue;
    if (typeof v !== 'number' || !Number.isFinite(v)) throw createError('INVALID_FILTER', [`numeric filter on "${c.key}" needs a number`]);
    const op = c.numericOperator ?? '=';
    // `n` exists only for numeric values; $ne alone would also match documents without it.
    return { [`${base}.n`]: op === '!=' ? { $exists: true, $ne: v } : { [NUMERIC[op]]: v } };
  }
  if (typeof c.value !== 'string') throw createError('INVALID_FILTER', [`filter value for "${c.key}" must be a string`]);
  const value = c.ignoreCase ? c.value.toLowerCase() : c.value;
  const path = `${base}.${c.ignoreCase ? 'l' : 's'}`;
  return { [path]: c.match === 'contains' ? { $regex: escapeRegex(value) } : { $eq: value } };
}

/**
 * A regular expression matching `text` literally, in both PCRE (MongoDB) and RE2 (FerretDB): metacharacters are
 * backslash-escaped and control characters written as \xHH (MongoDB rejects a NUL byte inside a pattern).
 */
export function escapeRegex(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}\u0000-\u001f]/g, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\${c}`;
  });
}

/** Exact filepath, or every path under a prefix ending in '/'. */
export function filepathQuery(filepath: string): Filter<DocumentBson>['filepath'] {
  return filepath.endsWith('/') ? { $regex: `^${escapeRegex(filepath)}` } : { $eq: filepath };
}

/** Conditions on documents for a search scope's document id, filepath and filters (null when there are none). */
export function documentScopeQuery(scope: SearchScope): Filter<DocumentBson>[] | null {
  const parts: Filter<DocumentBson>[] = [];
  if (scope.documentId) parts.push({ _id: { $eq: scope.documentId } });
  if (scope.filepath) parts.push({ filepath: filepathQuery(scope.filepath) });
  if (scope.filters) parts.push(compileFilter(scope.filters));
  return parts.length > 0 ? parts : null;
}
