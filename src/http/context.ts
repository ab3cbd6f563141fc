import type { RouterContext } from '@koa/router';
import type { Actor } from '../core/actor.js';

export interface AppState {
  requestId: string;
  /** The caller, from its API key (routes behind requireApiKey only). */
  actor: Actor;
  /** Parsed JSON body (undefined when the request had none). */
  body: unknown;
  /** The unparsed body of webhook routes (jsonBody's rawPaths). */
  rawBody?: Buffer;
}

export type AppContext = RouterContext<AppState>;
