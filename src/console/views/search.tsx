import { useState } from 'react';
import { errorText } from '../api';
import { useConsole } from '../context';
import { useLoad } from '../hooks';
import { ms } from '../parts/format';
import { href } from '../route';
import type { SearchResponse } from '../types';

const MODES = ['hybrid', 'memories', 'documents'] as const;

const factText = (f: unknown): string => (typeof f === 'string' ? f : f && typeof f === 'object' && 'memory' in f ? String((f as { memory: unknown }).memory) : JSON.stringify(f));

/** POST /v4/search in each mode with threshold, rerank and filters; scores, kinds and timing; the tag's profile beside. */
export function SearchView() {
  const { api, tag } = useConsole();
  const [q, setQ] = useState('');
  const [mode, setMode] = useState<(typeof MODES)[number]>('hybrid');
  const [threshold, setThreshold] = useState(0.3);
  const [rerank, setRerank] = useState(false);
  const [limit, setLimit] = useState(10);
  const [filters, setFilters] = useState('');
  const [answer, setAnswer] = useState<(SearchResponse & { roundTrip: number; mode: string }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const profile = useLoad(() => (tag ? api.profile(tag) : Promise.resolve(null)), [api, tag]);

  const run = async () => {
    setError(null);
    let parsedFilters: unknown;
    if (filters.trim()) {
      try {
        parsedFilters = JSON.parse(filters);
      } catch {
        setError('Filters must be JSON, e.g. {"AND":[{"key":"team","value":"core"}]}');
        return;
      }
    }
    setBusy(true);
    const started = performance.now();
    try {
      const r = await api.search({ q, searchMode: mode, threshold, rerank, limit, ...(tag ? { containerTag: tag } : {}), ...(parsedFilters ? { filters: parsedFilters } : {}) });
      setAnswer({ ...r, roundTrip: performance.now() - started, mode });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="search-title">
      <h1 id="search-title">Search playground</h1>
      <div className="split">
        <div>
          <form
            className="search-form"
            aria-label="Search"
            onSubmit={(e) => {
              e.preventDefault();
              if (q.trim()) void run();
            }}
          >
            <label htmlFor="search-q">Query</label>
            <input id="search-q" type="search" value={q} onChange={(e) => setQ(e.target.value)} required />
            <fieldset className="modes">
              <legend>Mode</legend>
              {MODES.map((m) => (
                <label key={m} className="inline">
                  <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} /> {m}
                </label>
              ))}
            </fieldset>
            <div className="row">
              <label>
                Threshold
                <input type="number" min={0} max={1} step={0.05} value={threshold} onChange={(e) => setThreshold(Number(e.target.value))} />
              </label>
              <label>
                Limit
                <input type="number" min={1} max={100} value={limit} onChange={(e) => setLimit(Number(e.target.value))} />
              </label>
              <label className="inline">
                <input type="checkbox" checked={rerank} onChange={(e) => setRerank(e.target.checked)} /> Rerank
              </label>
            </div>
            <label htmlFor="search-filters">Metadata filters (JSON, optional)</label>
            <textarea id="search-filters" rows={2} value={filters} onChange={(e) => setFilters(e.target.value)} placeholder='{"AND":[{"key":"team","value":"core"}]}' />
            <button type="submit" className="primary" disabled={busy || !q.trim()}>
              Search
            </button>
          </form>
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
          {answer && (
            <div aria-live="polite">
              <p className="muted" data-testid="search-summary">
                {answer.total} result{answer.total === 1 ? '' : 's'} in {answer.mode} mode · server {ms(answer.timing)} · round trip {ms(answer.roundTrip)}
              </p>
              <ol className="results" aria-label="Results">
                {answer.results.map((r) => {
                  const kind = r.resultType === 'memory' || r.memory !== undefined ? 'memory' : 'chunk';
                  return (
                    <li key={`${kind}-${r.id}`} data-kind={kind}>
                      <span className={`badge kind-${kind}`}>{kind}</span> <span className="score">{r.similarity.toFixed(3)}</span>
                      <p>{kind === 'memory' ? r.memory : r.chunk}</p>
                      <p className="muted">
                        {kind === 'memory' ? `v${r.version ?? 1}` : r.title || ''}
                        {r.documentId && (
                          <>
                            {' '}
                            · <a href={href('documents', r.documentId)}>document</a>
                          </>
                        )}
                      </p>
                    </li>
                  );
                })}
              </ol>
            </div>
          )}
        </div>
        <aside className="detail" aria-labelledby="profile-title">
          <h2 id="profile-title">Profile{tag ? ` of ${tag}` : ''}</h2>
          {!tag ? (
            <p className="muted">Pick a container tag to see its profile.</p>
          ) : profile.error ? (
            <p className="error">{profile.error}</p>
          ) : profile.data ? (
            <>
              <h3>Static</h3>
              <ul data-testid="profile-static">
                {profile.data.profile.static.map((f, i) => (
                  <li key={i}>{factText(f)}</li>
                ))}
                {profile.data.profile.static.length === 0 && <li className="muted">none</li>}
              </ul>
              <h3>Dynamic</h3>
              <ul data-testid="profile-dynamic">
                {profile.data.profile.dynamic.map((f, i) => (
                  <li key={i}>{factText(f)}</li>
                ))}
                {profile.data.profile.dynamic.length === 0 && <li className="muted">none</li>}
              </ul>
            </>
          ) : (
            <p role="status">Loading…</p>
          )}
        </aside>
      </div>
    </section>
  );
}
