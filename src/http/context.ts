import type { RouterContext } from '@koa/router';

export interface AuthContext {
  orgId: string;
  keyId: string;
  /** Container tags the key is limited to; null = the whole organisation. */
  containerTags: string[] | null;
}

export interface AppState {
  requestId: string;
  auth: AuthContext;
  /** Parsed JSON body (undefined when the request had none). */
  body: unknown;
}

export type AppContext = RouterContext<AppState>;
