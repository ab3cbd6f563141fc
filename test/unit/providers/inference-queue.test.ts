import { describe, expect, it } from 'vitest';
import { InferenceQueue } from '../../../src/providers/inference-queue.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('InferenceQueue', () => {
  it('runs one task at a time and lets waiting queries go before waiting documents', async () => {
    const q = new InferenceQueue();
    const log: string[] = [];
    let running = 0;
    let maxRunning = 0;
    const task = (name: string) => async () => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      log.push(`start ${name}`);
      await tick();
      running--;
      return name;
    };
    const results = await Promise.all([
      q.run('document', task('doc-1')),
      q.run('document', task('doc-2')),
      q.run('document', task('doc-3')),
      q.run('query', task('query')),
    ]);
    expect(results).toEqual(['doc-1', 'doc-2', 'doc-3', 'query']);
    expect(maxRunning).toBe(1);
    expect(log).toEqual(['start doc-1', 'start query', 'start doc-2', 'start doc-3']);
    expect(q.pending).toBe(0);
  });

  it('frees the slot when a task fails', async () => {
    const q = new InferenceQueue();
    await expect(q.run('document', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(q.run('query', async () => 'ok')).resolves.toBe('ok');
  });
});
