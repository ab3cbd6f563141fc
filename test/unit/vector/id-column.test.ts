import { describe, expect, it } from 'vitest';
import { IdColumn } from '../../../src/vector/id-column.js';

const stepped = <T>(steps: Generator<void, T>): { value: T; yields: number } => {
  let yields = 0;
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return { value: step.value, yields };
    yields++;
  }
};

describe('IdColumn', () => {
  const ids = ['c-0', 'ünïcødé-1', '', 'c-3', 'c-4-with-a-longer-id'];
  const text = Buffer.from(ids.join('\n'));

  it("answers the ids of an image's section, found a slice at a time, and the ids appended after them", () => {
    const { value: column, yields } = stepped(IdColumn.fromText(text, ids.length, 8));
    expect(yields).toBe(Math.ceil(text.byteLength / 8));
    expect(column!.length).toBe(5);
    expect(ids.map((_, row) => column!.get(row))).toEqual(ids);
    column!.push('added-5');
    column!.push('added-6');
    expect(column!.length).toBe(7);
    expect([5, 6, 7, -1].map((row) => column!.get(row))).toEqual(['added-5', 'added-6', undefined, undefined]);
  });

  it('refuses a section that does not hold the count of ids it should', () => {
    expect(stepped(IdColumn.fromText(text, ids.length + 1, 8)).value).toBeNull();
    expect(stepped(IdColumn.fromText(text, ids.length - 1, 8)).value).toBeNull();
    expect(stepped(IdColumn.fromText(Buffer.from('a'), 0, 8)).value).toBeNull();
    expect(stepped(IdColumn.fromText(Buffer.alloc(0), 0, 8)).value!.length).toBe(0);
  });

  it('joins its first rows back into the bytes an image holds, base and appended rows alike', () => {
    const column = stepped(IdColumn.fromText(text, ids.length, 1024)).value!;
    const more = ['x-5', 'x-6', 'x-7'];
    for (const id of more) column.push(id);
    const joined = (count: number) => Buffer.concat(stepped(column.joined(count, 2)).value!).toString('utf8');
    expect(joined(8)).toBe([...ids, ...more].join('\n'));
    expect(joined(6)).toBe([...ids, 'x-5'].join('\n'));
    expect(joined(3)).toBe(ids.slice(0, 3).join('\n'));
    const strings = IdColumn.empty();
    for (const id of more) strings.push(id);
    expect(Buffer.concat(stepped(strings.joined(3, 2)).value!).toString('utf8')).toBe(more.join('\n'));
    strings.push('bad\nid');
    expect(stepped(strings.joined(4, 2)).value).toBeNull();
  });
});
