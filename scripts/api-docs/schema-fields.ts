/** The subset of JSON Schema that zod's toJSONSchema emits for our schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  oneOf?: JsonSchema[];
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  description?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  limits: string;
  description: string;
}

/** One row per field, nested objects flattened as `a.b` and arrays of objects as `a[].b`. */
export function fieldRows(input: JsonSchema, output: JsonSchema | undefined, prefix = ''): FieldRow[] {
  const rows: FieldRow[] = [];
  for (const [name, field] of Object.entries(input.properties ?? {})) {
    const out = output?.properties?.[name];
    rows.push({
      name: prefix + name,
      type: typeText(field),
      required: (input.required ?? []).includes(name),
      limits: limitsText(field, out),
      description: descriptionOf(field),
    });
    const nested = objectWithin(field);
    if (nested) rows.push(...fieldRows(nested.schema, out && objectWithin(out)?.schema, `${prefix}${name}${nested.suffix}`));
  }
  return rows;
}

function objectWithin(s: JsonSchema): { schema: JsonSchema; suffix: string } | undefined {
  if (s.properties) return { schema: s, suffix: '.' };
  if (s.items?.properties) return { schema: s.items, suffix: '[].' };
  for (const branch of s.anyOf ?? []) {
    const found = objectWithin(branch);
    if (found) return found;
  }
  return undefined;
}

/** The JSON a client may send, e.g. `number | string` or `"AND" | "OR"`. */
export function typeText(s: JsonSchema): string {
  return typeAlternatives(s).join(' | ');
}

function typeAlternatives(s: JsonSchema): string[] {
  if (s.anyOf) return [...new Set(s.anyOf.flatMap(typeAlternatives))];
  if (s.const !== undefined) return [JSON.stringify(s.const)];
  if (s.enum) return s.enum.map((v) => JSON.stringify(v));
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length === 0) return ['any'];
  return types.map((t) => {
    if (t !== 'array') return t;
    const item = s.items ? typeAlternatives(s.items) : ['any'];
    return item.length > 1 ? `(${item.join(' | ')})[]` : `${item[0]}[]`;
  });
}

const SAFE = Number.MAX_SAFE_INTEGER;

/** Limits and default from both sides of the schema, e.g. `integer 1–100; default 10`. */
export function limitsText(input: JsonSchema, output?: JsonSchema): string {
  const notes: string[] = [];
  const visit = (s: JsonSchema) => {
    const numeric = (s.anyOf ?? []).some((b) => b.type === 'number' || b.type === 'integer');
    for (const b of s.anyOf ?? []) {
      // LooseInt and scores: the string branch's pattern only says "digits".
      if (numeric && b.type === 'string' && b.pattern) notes.push('numeric strings accepted');
      else visit(b);
    }
    const type = Array.isArray(s.type) ? s.type[0] : s.type;
    if (type === 'integer') notes.push('integer');
    const min = s.minimum !== undefined && s.minimum > -SAFE ? s.minimum : undefined;
    const max = s.maximum !== undefined && s.maximum < SAFE ? s.maximum : undefined;
    if (min !== undefined || max !== undefined) notes.push(range(min, max, ''));
    if (s.minLength !== undefined || s.maxLength !== undefined) notes.push(range(s.minLength, s.maxLength, ' characters'));
    if (s.minItems !== undefined || s.maxItems !== undefined) notes.push(range(s.minItems, s.maxItems, ' items'));
    if (s.pattern) notes.push(`pattern \`${s.pattern}\``);
    if (type === 'array' && s.items) {
      const each = limitsText(s.items);
      if (each) notes.push(`each: ${each}`);
    }
  };
  visit(input);
  if (output) visit(output);
  const def = input.default ?? output?.default;
  if (def !== undefined) notes.push(`default \`${JSON.stringify(def)}\``);
  // A tag list that may also be one tag: say the pattern once.
  return [...new Set(notes)].filter((n) => !notes.includes(`each: ${n}`)).join('; ');
}

function range(min: number | undefined, max: number | undefined, unit: string): string {
  if (min !== undefined && max !== undefined) return min === max ? `exactly ${min}${unit}` : `${min}–${max}${unit}`;
  return min !== undefined ? `≥ ${min}${unit}` : `≤ ${max}${unit}`;
}

function descriptionOf(s: JsonSchema): string {
  if (s.description) return s.description;
  for (const b of s.anyOf ?? []) {
    const d = descriptionOf(b);
    if (d) return d;
  }
  return s.items ? descriptionOf(s.items) : '';
}
