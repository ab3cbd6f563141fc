/** The rows `locomo-dump.ts` writes and the replay scripts read: one question with each mode's ranked list. */
import fs from 'node:fs';

export interface DumpItem {
  units: string[];
  sim: number;
  kind: string;
  text: string;
}

export interface DumpRow {
  q: string;
  tag: string;
  category: string;
  relevant: string[];
  lists: Record<string, DumpItem[]>;
}

export function readDump(file: string): DumpRow[] {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as DumpRow[];
}
