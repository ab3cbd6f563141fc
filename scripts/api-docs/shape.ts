/** The JSON shape of response samples: field names and value types, merged over several samples. */
export interface Shape {
  /** JSON scalar types seen: string, number, boolean, null. */
  scalars: Set<string>;
  /** Object samples seen here, and how often each key was present. */
  objects: number;
  keys: Map<string, { shape: Shape; seen: number }>;
  /** Arrays seen here (items merged into one shape; undefined while every array was empty). */
  arrays: number;
  items: Shape | undefined;
}

export const emptyShape = (): Shape => ({ scalars: new Set(), objects: 0, keys: new Map(), arrays: 0, items: undefined });

/** Adds one JSON value to a shape (a new one when none is given). */
export function mergeShape(value: unknown, shape: Shape = emptyShape()): Shape {
  if (value === null || typeof value !== 'object') {
    shape.scalars.add(value === null ? 'null' : typeof value);
  } else if (Array.isArray(value)) {
    shape.arrays += 1;
    for (const item of value) shape.items = mergeShape(item, shape.items);
  } else {
    shape.objects += 1;
    for (const [key, v] of Object.entries(value)) {
      const entry = shape.keys.get(key) ?? { shape: emptyShape(), seen: 0 };
      entry.seen += 1;
      mergeShape(v, entry.shape);
      shape.keys.set(key, entry);
    }
  }
  return shape;
}

const SCALAR_ORDER = ['string', 'number', 'boolean', 'null'];
/** Keys whose values are the client's own data: their sample keys say nothing about the API. */
const OPAQUE_KEYS = new Set(['metadata']);

/** Renders a shape as a TypeScript-like type; `key?` marks keys missing from some samples. */
export function renderShape(shape: Shape, indent = ''): string {
  return shapeParts(shape, indent).join(' | ') || 'unknown';
}

function shapeParts(shape: Shape, indent: string): string[] {
  const parts: string[] = [];
  if (shape.objects > 0) {
    const inner = indent + '  ';
    const lines = [...shape.keys].map(([key, { shape: s, seen }]) => {
      const type = OPAQUE_KEYS.has(key) ? 'object' : renderShape(s, inner);
      return `${inner}${key}${seen < shape.objects ? '?' : ''}: ${type};`;
    });
    parts.push(lines.length > 0 ? `{\n${lines.join('\n')}\n${indent}}` : '{}');
  }
  if (shape.arrays > 0) {
    const item = shape.items ? shapeParts(shape.items, indent) : ['unknown'];
    parts.push(item.length > 1 ? `(${item.join(' | ')})[]` : `${item[0]}[]`);
  }
  parts.push(...SCALAR_ORDER.filter((t) => shape.scalars.has(t)));
  return parts;
}
