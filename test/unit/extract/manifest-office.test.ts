import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFileType } from '../../../src/extract/detect.js';
import { extractorFor } from '../../../src/extract/registry.js';
import { SHARED_FILES, makeContext, makeInput } from './fixtures.js';

interface ManifestEntry {
  file: string;
  kind: string;
  expect: 'text' | 'fails';
  phrases: string[];
}

const OFFICE_KINDS = new Set(['docx', 'pptx', 'xlsx', 'markdown', 'html']);
const manifestPath = path.join(SHARED_FILES, 'MANIFEST.json');
const entries: ManifestEntry[] = fs.existsSync(manifestPath) ? (JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as ManifestEntry[]).filter((e) => OFFICE_KINDS.has(e.kind)) : [];
const squash = (s: string) => s.replace(/\s+/g, ' ');

// Detection (magic bytes, extension) → registry → extractor, as an upload goes; phrases as in ../shared/data/files/MANIFEST.json.
describe.skipIf(entries.length === 0)('office and text files of the shared manifest', () => {
  it.each(entries.map((e) => [e.file, e] as const))('%s is detected, extracted and contains its phrases', async (file, entry) => {
    const full = path.join(SHARED_FILES, file);
    const detected = await detectFileType(full, { filename: file, declared: [] });
    const extractor = extractorFor(detected.mime);
    expect(extractor, `no extractor for ${detected.mime}`).not.toBeNull();
    const out = await extractor!.extract(makeInput(fs.readFileSync(full), detected.mime, file), makeContext());
    for (const phrase of entry.phrases) expect(squash(out.content)).toContain(squash(phrase));
  });
});
