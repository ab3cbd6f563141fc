import http, { type Server } from 'node:http';
import { ConfigError, loadConfig } from './core/config.js';
import { errorMessage } from './core/errors.js';
import { createLogger } from './core/logger.js';
import { createHealthApp, createRuntime, startWarmUp } from './runtime.js';

/** Process root: config → runtime → listen; stops cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  const runtime = await createRuntime(config, logger);
  await runtime.runner.start();
  // A worker-only process (MNEMO_ROLE=worker) serves /health and nothing else.
  const app = config.role === 'worker' ? createHealthApp(runtime) : runtime.app;
  // Request timeouts are enforced by a periodic sweep; Node's default sweep (30 s) would let a slow body run long
  // past requestTimeout.
  const server: Server = http.createServer({ requestTimeout: config.requestTimeoutMs, headersTimeout: Math.min(66_000, config.requestTimeoutMs), connectionsCheckingInterval: 1000 }, app.callback());
  server.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  // Idle keep-alive sockets outlive a load balancer's (60 s); headersTimeout stays above keepAliveTimeout, as
  // recommended for servers behind proxies that reuse connections.
  // (headersTimeout above: 66 s, at most requestTimeout.) A client that sends its body slower than requestTimeout is cut off (Node's
  // default holds it for 300 s); a 50 MB body arrives well within it on any working connection.
  server.keepAliveTimeout = 65_000;
  void startWarmUp(runtime, config);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info(config.role === 'worker' ? 'mnemo worker running (health only)' : 'mnemo listening', {
    role: config.role,
    runner: runtime.runner.status().kind,
    store: runtime.store.kind,
    url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
    dataDir: config.dataDir,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    server.close();
    server.closeIdleConnections();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(`mnemo failed to start: ${errorMessage(err)}\n`);
  process.exit(1);
});
