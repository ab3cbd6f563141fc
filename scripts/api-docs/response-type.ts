import type { JsonSchema } from './schema-fields.js';

/**
 * A response schema (its JSON Schema, output side) as a TypeScript-like type: `key?` for optional keys, each
 * field's description as a trailing comment, `Record<string, T>` for open maps, unions spelled out.
 */
export function responseType(schema: JsonSchema, indent = ''): string {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const parts = alternatives.map((s) => responseType(s, indent));
    return parts.some((p) => p.includes('\n')) ? parts.join(`\n${indent}| `) : parts.join(' | ');
  }
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return types.map((t) => responseType({ ...schema, type: t }, indent)).join(' | ');
  switch (types[0]) {
    case 'object':
      return objectType(schema, indent);
    case 'array': {
      const items = schema.items;
      const item = items ? responseType(items, indent) : 'unknown';
      const union = items && (items.anyOf ?? items.oneOf ?? (items.enum && items.enum.length > 1) ?? (Array.isArray(items.type) && items.type.length > 1));
      return union ? `(${item})[]` : `${item}[]`;
    }
    case 'integer':
      return 'number';
    case undefined:
      return 'unknown';
    default:
      return types[0];
  }
}

function objectType(schema: JsonSchema, indent: string): string {
  const props = Object.entries(schema.properties ?? {});
  const extra = schema.additionalProperties;
  if (props.length === 0) {
    if (extra === false) return '{}';
    return `Record<string, ${extra && extra !== true && Object.keys(extra).length > 0 ? responseType(extra, indent) : 'unknown'}>`;
  }
  const inner = `${indent}  `;
  const lines = props.map(([name, field]) => {
    const optional = (schema.required ?? []).includes(name) ? '' : '?';
    const note = field.description ?? field.anyOf?.find((b) => b.description)?.description;
    return `${inner}${name}${optional}: ${responseType(field, inner)};${note ? ` // ${note}` : ''}`;
  });
  // Open objects (the wire adds keys of its own there) say so.
  if (extra !== undefined && extra !== false) lines.push(`${inner}[key: string]: unknown;`);
  return `{\n${lines.join('\n')}\n${indent}}`;
}
