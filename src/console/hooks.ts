import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from './api';

export interface Loaded<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
  reload(): void;
}

/** Runs `load` when `deps` change (and on reload()); a stale answer never overwrites a newer one. */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data: T | undefined; error: string | null; loading: boolean }>({ data: undefined, error: null, loading: true });
  const [tick, setTick] = useState(0);
  const seq = useRef(0);
  useEffect(() => {
    const mine = ++seq.current;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => mine === seq.current && setState({ data, error: null, loading: false }),
      (err: unknown) => mine === seq.current && setState((s) => ({ data: s.data, error: errorText(err), loading: false })),
    );
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}

/** Calls `fn` every `ms` while `active`; the interval stops with the component. */
export function useInterval(fn: () => void, ms: number, active: boolean): void {
  const saved = useRef(fn);
  saved.current = fn;
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => saved.current(), ms);
    return () => clearInterval(id);
  }, [ms, active]);
}
