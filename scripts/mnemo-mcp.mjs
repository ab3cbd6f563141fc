#!/usr/bin/env node
// The stdio bridge as a command (package.json "bin"): MCP clients that launch commands run this with an absolute path.
import { register } from 'tsx/esm/api';

register();
await import('../src/mcp-stdio.ts');
