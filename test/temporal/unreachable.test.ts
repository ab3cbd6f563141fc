import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config.js';
import { silentLogger } from '../../src/core/logger.js';
import { staticEmbedderHandle } from '../../src/providers/create-embedder.js';
import { createHashEmbedder } from '../../src/providers/hash-embedder.js';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { auth, TEST_KEY } from '../helpers/runtime.js';
import { freePort, waitFor } from '../helpers/server-process.js';
import { startDevServer, workflowBundle, type DevServer } from '../helpers/temporal.js';

describe('Temporal mode while Temporal is unreachable', () => {
  let runtime: Runtime | undefined;
  let server: DevServer | undefined;

  afterAll(async () => {
    await runtime?.close();
    await server?.stop();
  });

  it('queues a document within 1 s, says why in /health, and runs it once Temporal answers', async () => {
    const port = await freePort();
    const address = `127.0.0.1:${port}`;
    const config = loadConfig({
      MNEMO_API_KEY: TEST_KEY,
      MNEMO_DATA_DIR: '/nonexistent-test-data-dir',
      TEMPORAL_ADDRESS: address,
      TEMPORAL_TASK_QUEUE: 'unreachable-test',
    });
    runtime = await createRuntime(config, silentLogger, {
      store: new SqliteStore(':memory:'),
      embedder: staticEmbedderHandle(createHashEmbedder()),
      print: () => undefined,
      workflowBundle: await workflowBundle(),
    });
    await runtime.runner.start();
    const app = runtime.app.callback();

    const started = performance.now();
    const added = await request(app).post('/v3/documents').set(auth).send({ content: 'Written while Temporal was down.' });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ status: 'queued' });

    const degraded = (await request(app).get('/health').set(auth)).body as { status: string; runner: { state: string }; warnings: string[] };
    expect(degraded.status).toBe('degraded');
    expect(degraded.runner.state).toBe('degraded');
    expect(degraded.warnings).toContainEqual(expect.stringContaining(`cannot reach Temporal at ${address}`));

    server = await startDevServer({ port });
    const done = await waitFor(
      async () => {
        const doc = await request(app)
          .get(`/v3/documents/${added.body.id as string}`)
          .set(auth);
        return doc.body.status === 'done' ? doc.body : undefined;
      },
      60_000,
      250,
    );
    expect(done).toMatchObject({ id: added.body.id, status: 'done' });
    const healthy = (await request(app).get('/health').set(auth)).body as { runner: { state: string }; warnings: string[] };
    expect(healthy.runner.state).toBe('running');
    expect(healthy.warnings.filter((w) => w.startsWith('temporal:'))).toEqual([]);
    // Calls made while Temporal was down (schedules, probes) are retried by the SDK on its own timers, up to 5 s
    // apart plus jitter, which closing the connection does not cancel: one firing after afterAll closed it throws
    // "Channel has been shut down" from a timer. Let them land on the running server first.
    await new Promise((r) => setTimeout(r, 6_500));
  }, 120_000);
});
