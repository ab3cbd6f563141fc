import type { RouterContext } from '@koa/router';
import type { Actor } from '../core/actor.js';
import type { Principal } from '../services/auth.js';

export interface AppState {
  requestId: string;
  /** The caller, from its API key (routes behind requireApiKey only). */
  actor: Actor;
  /** What the caller presented: an API key, or an OAuth access token (MCP only), and its name. */
  principal?: Principal;
  /** Parsed JSON body (undefined when the request had none). */
  body: unknown;
  /** The unparsed body of webhook routes (jsonBody's rawPaths). */
  rawBody?: Buffer;
}

export type AppContext = RouterContext<AppState>;
