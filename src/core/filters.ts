import { z } from 'zod';
import { createError } from './errors.js';
import type { Metadata, MetadataValue } from './types.js';

/** Metadata filter expression, parsed from the wire into a small tree that stores compile or evaluate. */
export type FilterNode = { kind: 'and'; children: FilterNode[] } | { kind: 'or'; children: FilterNode[] } | FilterClause;

export type NumericOperator = '>' | '<' | '>=' | '<=' | '=' | '!=';

export interface FilterClause {
  kind: 'clause';
  key: string;
  value: string;
  match: 'equals' | 'contains' | 'array_contains' | 'numeric';
  /** Set when match is numeric, already flipped when the clause was negated. */
  numericOperator?: NumericOperator;
  numericValue?: number;
  negate: boolean;
  ignoreCase: boolean;
}

export const MAX_FILTER_DEPTH = 8;
export const MAX_FILTER_CLAUSES = 100;

const boolish = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');

/** Wire shape of one condition; also accepts `type: string_equal | string_contains`. */
export const FilterClauseSchema = z.looseObject({
  key: z.string().min(1).max(256),
  value: z.union([z.string(), z.number(), z.boolean()]).transform(String),
  filterType: z.enum(['metadata', 'numeric', 'array_contains', 'string_contains', 'string_equal']).optional(),
  type: z.enum(['string_equal', 'string_contains', 'metadata', 'numeric', 'array_contains']).optional(),
  numericOperator: z.enum(['>', '<', '>=', '<=', '=', '!=', '==']).optional(),
  negate: boolish.optional(),
  ignoreCase: boolish.optional(),
});

type WireNode = { AND: unknown[] } | { OR: unknown[] } | z.infer<typeof FilterClauseSchema>;

/** Wire slot for filters in request schemas; the structure is checked by parseFilters (INVALID_FILTER errors). */
export const FiltersWireSchema = z
  .unknown()
  .describe(
    'Metadata filter: {AND:[...]} or {OR:[...]} of conditions {key, value, filterType?: metadata|numeric|array_contains|string_contains, ' +
      'numericOperator?: > < >= <= = != (for numeric; on a metadata condition only with a number), negate?, ignoreCase?}, nested; may be sent as a JSON string',
  );

const NEGATED: Record<NumericOperator, NumericOperator> = {
  '<': '>=',
  '<=': '>',
  '>': '<=',
  '>=': '<',
  '=': '!=',
  '!=': '=',
};

/** Parses the wire filter (object or JSON string) into a FilterNode, or undefined when absent/empty. */
export function parseFilters(input: unknown): FilterNode | undefined {
  if (input === undefined || input === null || input === '') return undefined;
  let value = input;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw createError('INVALID_FILTER', ['filters is a string but not valid JSON']);
    }
  }
  const counter = { clauses: 0 };
  const node = parseNode(value, 0, counter, 'filters');
  return node;
}

function parseNode(value: unknown, depth: number, counter: { clauses: number }, path: string): FilterNode | undefined {
  if (depth > MAX_FILTER_DEPTH) {
    throw createError('INVALID_FILTER', [`nested deeper than ${MAX_FILTER_DEPTH} levels at ${path}`]);
  }
  if (Array.isArray(value)) return group('and', value, depth, counter, path);
  if (!value || typeof value !== 'object') {
    throw createError('INVALID_FILTER', [`${path} must be an object with AND, OR, or key/value`]);
  }
  const obj = value as Record<string, unknown>;
  const hasAnd = 'AND' in obj;
  const hasOr = 'OR' in obj;
  if (hasAnd && hasOr) throw createError('INVALID_FILTER', [`${path} has both AND and OR; nest them instead`]);
  if (hasAnd) return group('and', obj.AND, depth, counter, `${path}.AND`);
  if (hasOr) return group('or', obj.OR, depth, counter, `${path}.OR`);
  if (Object.keys(obj).length === 0) return undefined;
  return parseClause(obj as WireNode, counter, path);
}

function group(kind: 'and' | 'or', items: unknown, depth: number, counter: { clauses: number }, path: string): FilterNode | undefined {
  if (!Array.isArray(items)) throw createError('INVALID_FILTER', [`${path} must be an array`]);
  const children = items.map((item, i) => parseNode(item, depth + 1, counter, `${path}[${i}]`)).filter((c): c is FilterNode => c !== undefined);
  if (children.length === 0) return undefined;
  if (children.length === 1) return children[0];
  return { kind, children };
}

function parseClause(raw: WireNode, counter: { clauses: number }, path: string): FilterClause {
  const parsed = FilterClauseSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${[path, ...i.path].join('.')}: ${i.message}`);
    throw createError('INVALID_FILTER', [issues.join('; ')], { details: issues });
  }
  counter.clauses += 1;
  if (counter.clauses > MAX_FILTER_CLAUSES) {
    throw createError('INVALID_FILTER', [`more than ${MAX_FILTER_CLAUSES} conditions`]);
  }
  const c = parsed.data;
  const kind = c.filterType ?? c.type ?? 'metadata';
  const negate = c.negate ?? false;
  const ignoreCase = c.ignoreCase ?? false;
  const base = { kind: 'clause' as const, key: c.key, value: c.value, ignoreCase };
  const numericValue = c.value.trim() === '' ? Number.NaN : Number(c.value);
  // filterType "metadata" (the default) is string matching, and the reference's numericOperator belongs to
  // filterType "numeric". A metadata clause with an operator and a number compares numerically (a convenience
  // kept for clients that omit the type); with any other value the operator has nothing to compare and the clause
  // stays the string match it names ("!=" negating it), as the official client may send it.
  if (kind === 'metadata' && c.numericOperator !== undefined && !Number.isFinite(numericValue)) {
    const op = c.numericOperator;
    return { ...base, match: 'equals', negate: op === '!=' ? !negate : negate };
  }
  if (kind === 'numeric' || (c.numericOperator !== undefined && kind === 'metadata')) {
    if (!Number.isFinite(numericValue)) {
      throw createError('INVALID_FILTER', [`${path}.value must be a number for a numeric filter, got "${c.value}"`]);
    }
    const op: NumericOperator = c.numericOperator === '==' ? '=' : (c.numericOperator ?? '=');
    return { ...base, match: 'numeric', numericOperator: negate ? NEGATED[op] : op, numericValue, negate: false };
  }
  const match = kind === 'string_contains' ? 'contains' : kind === 'array_contains' ? 'array_contains' : 'equals';
  return { ...base, match, negate };
}

/** Evaluates a filter against a document's metadata; the reference semantics every store must match. */
export function matchesFilter(node: FilterNode | undefined, metadata: Metadata | null | undefined): boolean {
  if (!node) return true;
  if (node.kind === 'and') return node.children.every((c) => matchesFilter(c, metadata));
  if (node.kind === 'or') return node.children.some((c) => matchesFilter(c, metadata));
  const value = metadata ? (Object.prototype.hasOwnProperty.call(metadata, node.key) ? metadata[node.key] : undefined) : undefined;
  const hit = value !== undefined && matchesClause(node, value);
  return node.negate ? !hit : hit;
}

function matchesClause(c: FilterClause, value: MetadataValue): boolean {
  const norm = (s: string) => (c.ignoreCase ? s.toLowerCase() : s);
  const want = norm(c.value);
  switch (c.match) {
    case 'equals':
      if (Array.isArray(value)) return value.some((v) => norm(v) === want);
      return norm(String(value)) === want;
    case 'contains':
      if (Array.isArray(value)) return value.some((v) => norm(v).includes(want));
      return norm(String(value)).includes(want);
    case 'array_contains':
      if (Array.isArray(value)) return value.some((v) => norm(v) === want);
      return norm(String(value)) === want;
    case 'numeric': {
      if (Array.isArray(value) || typeof value === 'boolean') return false;
      const n = typeof value === 'number' ? value : Number(value);
      if (typeof value === 'string' && value.trim() === '') return false;
      if (!Number.isFinite(n)) return false;
      return compareNumbers(n, c.numericOperator ?? '=', c.numericValue ?? Number.NaN);
    }
  }
}

export function compareNumbers(a: number, op: NumericOperator, b: number): boolean {
  switch (op) {
    case '>':
      return a > b;
    case '<':
      return a < b;
    case '>=':
      return a >= b;
    case '<=':
      return a <= b;
    case '=':
      return a === b;
    case '!=':
      return a !== b;
  }
}
