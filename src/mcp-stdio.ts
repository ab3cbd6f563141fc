import { parseArgs } from 'node:util';
import { loadBridgeEnv } from './core/config.js';
import { errorMessage } from './core/errors.js';
import { runStdioBridge } from './mcp/stdio-bridge.js';

const USAGE = `Usage: npm run mcp -- --url <mnemo url> [--project <containerTag>]
Relays MCP between stdio and Mnemo's /mcp endpoint. The key comes from MNEMO_API_KEY (a root or scoped key).`;

/** Process root of the stdio bridge: arguments and the key in, the bridge runs until stdin or Mnemo closes. */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { url: { type: 'string' }, project: { type: 'string' }, help: { type: 'boolean' } }, strict: true });
  if (values.help) {
    process.stderr.write(`${USAGE}\n`);
    return;
  }
  const { apiKey } = loadBridgeEnv();
  if (!values.url || !apiKey) {
    process.stderr.write(`${!values.url ? '--url is required' : 'MNEMO_API_KEY is not set'}\n${USAGE}\n`);
    process.exit(2);
  }
  // stdout is the protocol channel: diagnostics go to stderr only.
  const stop = () => process.exit(0);
  process.stdin.once('end', stop);
  process.stdin.once('close', stop);
  await runStdioBridge({
    url: values.url,
    apiKey,
    ...(values.project ? { project: values.project } : {}),
    onError: (err) => process.stderr.write(`mnemo-mcp: ${err.message}\n`),
  });
  stop();
}

main().catch((err: unknown) => {
  process.stderr.write(`mnemo-mcp failed: ${errorMessage(err)}\n`);
  process.exit(1);
});
