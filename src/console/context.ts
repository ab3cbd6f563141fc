import { createContext, useContext } from 'react';
import type { Api } from './api';
import type { ConsoleConfig, Session } from './types';

/** What every view needs: the API bound to the signed-in key, who that key is, and the container tag in focus. */
export interface ConsoleContext {
  api: Api;
  session: Session;
  isRoot: boolean;
  /** Tags the person may pick from (a scoped key: its own). */
  tags: string[];
  /** The tag in focus; null = every tag the key may read. */
  tag: string | null;
  setTag(tag: string | null): void;
  refreshTags(): void;
  config: ConsoleConfig;
  notify(message: string, kind?: 'info' | 'error'): void;
}

export const Ctx = createContext<ConsoleContext | null>(null);

export function useConsole(): ConsoleContext {
  const c = useContext(Ctx);
  if (!c) throw new Error('useConsole outside the console shell');
  return c;
}
