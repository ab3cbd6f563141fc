import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { createApi, errorText } from './api';
import { Ctx, type ConsoleContext } from './context';
import { href, useRoute } from './route';
import { forgetKey, storedKey, storedTag, storeKey, storeTag } from './session';
import type { ConsoleConfig, Session } from './types';
import { ConnectionsView } from './views/connections';
import { DocumentDetailView } from './views/document-detail';
import { DocumentsView } from './views/documents';
import { KeysView } from './views/keys';
import { MemoriesView } from './views/memories';
import { SearchView } from './views/search';
import { SettingsView } from './views/settings';
import { SignIn } from './views/sign-in';

// The graph (d3-force and the reference's component) is its own chunk, fetched from this server when first opened.
const GraphView = lazy(() => import('./views/graph').then((m) => ({ default: m.GraphView })));

const NAV: { view: string; label: string; rootOnly?: boolean }[] = [
  { view: 'documents', label: 'Documents' },
  { view: 'memories', label: 'Memories' },
  { view: 'graph', label: 'Graph' },
  { view: 'search', label: 'Search' },
  { view: 'connections', label: 'Connections', rootOnly: true },
  { view: 'keys', label: 'Keys', rootOnly: true },
  { view: 'settings', label: 'Settings', rootOnly: true },
];

function readConfig(): ConsoleConfig {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="mnemo-console"]');
  try {
    const parsed = meta ? (JSON.parse(meta.content) as Partial<ConsoleConfig>) : {};
    return { workflowUrl: typeof parsed.workflowUrl === 'string' ? parsed.workflowUrl : null };
  } catch {
    return { workflowUrl: null };
  }
}

export function App() {
  const [key, setKey] = useState<string | null>(() => storedKey());
  const [session, setSession] = useState<Session | null>(null);
  const [signInError, setSignInError] = useState<string | null>(null);
  const api = useMemo(() => (key ? createApi(key) : null), [key]);

  useEffect(() => {
    if (!api) return;
    api.session().then(setSession, (err: unknown) => {
      forgetKey();
      setKey(null);
      setSession(null);
      setSignInError(errorText(err));
    });
  }, [api]);

  const signIn = (k: string) => {
    setSignInError(null);
    storeKey(k);
    setKey(k);
  };
  const signOut = () => {
    forgetKey();
    setKey(null);
    setSession(null);
  };

  if (!api) return <SignIn onSignIn={signIn} error={signInError} />;
  if (!session) {
    return (
      <main className="center" aria-busy="true">
        <p role="status">Signing in…</p>
      </main>
    );
  }
  return <Shell api={api} session={session} onSignOut={signOut} />;
}

function Shell({ api, session, onSignOut }: { api: ConsoleContext['api']; session: Session; onSignOut: () => void }) {
  const route = useRoute();
  const isRoot = session.scope.type === 'full';
  const scopedTags = session.scope.tags ?? (session.scope.tag ? [session.scope.tag] : []);
  const [tags, setTags] = useState<string[]>(isRoot ? [] : scopedTags);
  const [tag, setTagState] = useState<string | null>(() => {
    const saved = storedTag();
    if (!isRoot) return saved && scopedTags.includes(saved) ? saved : (scopedTags[0] ?? null);
    return saved;
  });
  const [notice, setNotice] = useState<{ text: string; kind: 'info' | 'error'; at: number } | null>(null);
  const config = useMemo(readConfig, []);

  const refreshTags = useCallback(() => {
    if (!isRoot) return;
    api.tags().then(
      (list) => setTags(list.map((t) => t.containerTag)),
      () => setTags([]),
    );
  }, [api, isRoot]);
  useEffect(refreshTags, [refreshTags]);

  const setTag = useCallback((t: string | null) => {
    storeTag(t);
    setTagState(t);
  }, []);
  const notify = useCallback((text: string, kind: 'info' | 'error' = 'info') => setNotice({ text, kind, at: Date.now() }), []);

  const ctx: ConsoleContext = { api, session, isRoot, tags, tag, setTag, refreshTags, config, notify };
  const nav = NAV.filter((n) => isRoot || !n.rootOnly);
  const allowed = nav.some((n) => n.view === route.view);

  return (
    <Ctx.Provider value={ctx}>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <span className="brand">Mnemo</span>
        <nav aria-label="Console">
          <ul>
            {nav.map((n) => (
              <li key={n.view}>
                <a href={href(n.view)} aria-current={route.view === n.view ? 'page' : undefined}>
                  {n.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="who">
          <label htmlFor="focus-tag">Container tag</label>
          {isRoot ? (
            <TagInput tags={tags} tag={tag} onChange={setTag} />
          ) : (
            <select id="focus-tag" value={tag ?? ''} onChange={(e) => setTag(e.target.value || null)}>
              {scopedTags.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          )}
          <span className="key-kind" title={session.org.name ?? session.org.id}>
            {isRoot ? 'root key' : `scoped key: ${scopedTags.join(', ')}`}
          </span>
          <button type="button" onClick={onSignOut}>
            Sign out
          </button>
        </div>
      </header>
      <div className="notice-region" role="status" aria-live="polite">
        {notice && (
          <p key={notice.at} className={`notice notice-${notice.kind}`}>
            {notice.text}{' '}
            <button type="button" className="link" onClick={() => setNotice(null)}>
              Dismiss
            </button>
          </p>
        )}
      </div>
      <main id="main" tabIndex={-1}>
        {!allowed ? (
          <section>
            <h1>Not available</h1>
            <p>This view needs a root key.</p>
          </section>
        ) : route.view === 'documents' && route.param ? (
          <DocumentDetailView id={route.param} />
        ) : route.view === 'documents' ? (
          <DocumentsView />
        ) : route.view === 'memories' ? (
          <MemoriesView focus={route.param} />
        ) : route.view === 'graph' ? (
          <Suspense fallback={<p role="status">Loading the graph…</p>}>
            <GraphView />
          </Suspense>
        ) : route.view === 'search' ? (
          <SearchView />
        ) : route.view === 'connections' ? (
          <ConnectionsView />
        ) : route.view === 'keys' ? (
          <KeysView />
        ) : (
          <SettingsView />
        )}
      </main>
    </Ctx.Provider>
  );
}

const TAG_RE = /^[A-Za-z0-9_.:-]{1,100}$/;

/**
 * A root key may focus any tag: the known ones are offered (GET /v3/container-tags/list), and any other can be typed
 * (a tag that holds only memories written by hand is not in that list). Empty = every tag. Applied on Enter or blur.
 */
function TagInput({ tags, tag, onChange }: { tags: string[]; tag: string | null; onChange: (t: string | null) => void }) {
  const [draft, setDraft] = useState(tag ?? '');
  useEffect(() => setDraft(tag ?? ''), [tag]);
  const valid = draft.trim() === '' || TAG_RE.test(draft.trim());
  const commit = () => {
    const t = draft.trim();
    if (t === (tag ?? '')) return;
    if (t === '') onChange(null);
    else if (TAG_RE.test(t)) onChange(t);
  };
  return (
    <>
      <input
        id="focus-tag"
        list="known-tags"
        value={draft}
        placeholder="All tags"
        autoComplete="off"
        spellCheck={false}
        aria-invalid={!valid}
        aria-describedby="focus-tag-hint"
        onChange={(e) => {
          setDraft(e.target.value);
          // Picking a suggestion applies it at once.
          if (tags.includes(e.target.value)) onChange(e.target.value);
        }}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
      <span id="focus-tag-hint" className="sr-only">
        Empty shows every tag; type or pick a tag and press Enter.
      </span>
      <datalist id="known-tags">
        {tags.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
    </>
  );
}
