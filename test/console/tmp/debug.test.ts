import { it } from 'vitest';
import { apiCall, startConsoleServer } from '../console-harness.js';
it('debug', async () => {
  const server = await startConsoleServer();
  await apiCall(server.base, 'POST', '/v3/documents', { content: 'I work at Initech.', containerTag: 'alex' });
  await server.runtime.settle();
  console.log(JSON.stringify((await apiCall(server.base, 'GET', '/v3/container-tags/list')).body));
  await server.close();
}, 60000);
