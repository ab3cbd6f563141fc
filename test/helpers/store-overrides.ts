import type { Store } from '../../src/storage/store.js';

type PortName = 'documents' | 'chunks' | 'settings' | 'accounts' | 'memories' | 'connections' | 'agentAccess';

/** Forwards every property of `target`, methods bound to it, except those `own` answers itself. */
function forward<T extends object>(target: T, own: (prop: string | symbol) => unknown): T {
  return new Proxy(target, {
    get(t, prop) {
      const mine = own(prop);
      if (mine !== undefined) return mine;
      const value: unknown = Reflect.get(t, prop, t);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(t) : value;
    },
  });
}

/**
 * A view of `store` whose port `port` answers the given methods itself (spies, injected races or failures) and
 * forwards everything else to the real store.
 */
export function overridePort<S extends Store, P extends PortName>(store: S, port: P, methods: Partial<S[P]>): S {
  const original = store[port] as object;
  const overridden = forward(original, (prop) => (typeof prop === 'string' && prop in methods ? (methods as Record<string, unknown>)[prop] : undefined));
  return forward(store, (prop) => (prop === port ? overridden : undefined));
}
