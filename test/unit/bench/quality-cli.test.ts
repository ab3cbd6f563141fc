import { describe, expect, it } from 'vitest';
import { parseQualityArgs, usage } from '../../../bench/quality/cli.js';

describe('bench:quality command line', () => {
  it('--help (and -h) asks for the usage text, which names every option', () => {
    for (const flag of ['--help', '-h']) {
      const c = parseQualityArgs([flag], '/data');
      expect(c.kind).toBe('help');
      if (c.kind !== 'help') continue;
      for (const o of ['--datasets', '--modes', '--limit-questions', '--cache', '--scifact-docs', '--shared', '--embedder']) expect(c.text).toContain(o);
      expect(c.text).toContain('hybrid-rerank');
    }
  });

  it('an unknown option or a missing value is one line, not an exception', () => {
    for (const argv of [['--bogus'], ['--limit-questions'], ['stray']]) {
      const c = parseQualityArgs(argv, '/data');
      expect(c.kind).toBe('error');
      if (c.kind === 'error') expect(c.message).not.toContain('\n');
    }
    const c = parseQualityArgs(['--bogus'], '/data');
    expect(c.kind === 'error' && c.message).toContain('--bogus');
  });

  it('options parse with their defaults', () => {
    const c = parseQualityArgs(['--datasets', 'scifact', '--cache', '--scifact-docs', '300'], '/data');
    expect(c).toEqual({
      kind: 'run',
      args: expect.objectContaining({ datasets: 'scifact', cache: true, 'scifact-docs': '300', 'limit-questions': '0', embedder: 'local', shared: '/data', help: false }),
    });
    expect(usage('/data')).toContain('(default: /data)');
  });
});
