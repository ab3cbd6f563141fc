import type Database from 'better-sqlite3';
import type { FilterClause, FilterNode } from '../../core/filters.js';

export interface SqlFragment {
  sql: string;
  params: unknown[];
}

/**
 * Registers the SQL functions the compiled filters use, so SQLite applies exactly the semantics of
 * core/filters.ts `matchesFilter` (JavaScript lower-casing and number parsing).
 */
export function registerFilterFunctions(db: Database.Database): void {
  db.function('mnemo_lower', { deterministic: true }, (s: unknown) => (typeof s === 'string' ? s.toLowerCase() : s));
  // SQLite writes some doubles with an exponent ('1.0e-05') where JavaScript writes '0.00001'.
  db.function('mnemo_text', { deterministic: true }, (v: unknown) => (typeof v === 'number' || typeof v === 'bigint' ? String(v) : v));
  db.function('mnemo_num', { deterministic: true }, (v: unknown) => {
    if (typeof v === 'number' || typeof v === 'bigint') return Number(v);
    if (typeof v !== 'string' || v.trim() === '') return null;
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  });
}

const SCALAR_TEXT = `CASE je.type WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' ELSE mnemo_text(je.value) END`;

/** Compiles a filter tree into a parameterised SQL condition over the JSON column `${column}`. */
export function compileFilter(node: FilterNode, column: string): SqlFragment {
  if (node.kind === 'and' || node.kind === 'or') {
    const parts = node.children.map((c) => compileFilter(c, column));
    return {
      sql: `(${parts.map((p) => p.sql).join(node.kind === 'and' ? ' AND ' : ' OR ')})`,
      params: parts.flatMap((p) => p.params),
    };
  }
  const inner = compileClause(node);
  const sql = `EXISTS (SELECT 1 FROM json_each(${column}) je WHERE je.key = ? AND (${inner.sql}))`;
  return { sql: node.negate ? `NOT ${sql}` : sql, params: [node.key, ...inner.params] };
}

function compileClause(c: FilterClause): SqlFragment {
  if (c.match === 'numeric') {
    return {
      sql: `je.type IN ('integer', 'real', 'text') AND mnemo_num(je.value) ${c.numericOperator ?? '='} ?`,
      params: [c.numericValue],
    };
  }
  const cmp = (expr: string): string => {
    const x = c.ignoreCase ? `mnemo_lower(${expr})` : expr;
    return c.match === 'contains' ? `instr(${x}, ?) > 0` : `${x} = ?`;
  };
  const value = c.ignoreCase ? c.value.toLowerCase() : c.value;
  return {
    sql: `(je.type = 'array' AND EXISTS (SELECT 1 FROM json_each(je.value) x WHERE x.type = 'text' AND ${cmp('x.value')}))
      OR (je.type NOT IN ('array', 'object', 'null') AND ${cmp(SCALAR_TEXT)})`,
    params: [value, value],
  };
}
