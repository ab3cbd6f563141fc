import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '../api';
import { useConsole } from '../context';
import { useLoad } from '../hooks';
import { ConfirmButton } from '../parts/confirm-button';
import { short, when } from '../parts/format';
import { VirtualList } from '../parts/virtual-list';
import { href } from '../route';
import type { MemoryEntry } from '../types';

const PAGE = 100;
const ROW = 44;

const expiring = (m: MemoryEntry) => !m.isForgotten && m.forgetAfter !== null && Date.parse(m.forgetAfter) > Date.now();

/**
 * The current facts of a tag, newest change first, loaded a page at a time as the list scrolls (virtualised: 10,000
 * memories keep a few dozen rows in the page); the selected one shows its history, sources and relations, and can
 * be edited (a new version) or forgotten. A memory can be written by hand.
 */
export function MemoriesView({ focus }: { focus: string | null }) {
  const { api, tag, notify } = useConsole();
  const [includeForgotten, setIncludeForgotten] = useState(false);
  const [items, setItems] = useState<MemoryEntry[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(focus);
  const [generation, setGeneration] = useState(0);
  const loading = useRef(false);
  const live = useRef(0);
  const nextPage = useRef(1);
  const more = useRef(true);

  const loadMore = useCallback(() => {
    if (loading.current || !more.current) return;
    loading.current = true;
    const mine = live.current;
    api.memories({ ...(tag ? { containerTag: tag } : {}), page: nextPage.current, limit: PAGE, includeForgotten }).then(
      (r) => {
        if (mine !== live.current) return;
        loading.current = false;
        nextPage.current += 1;
        more.current = r.pagination.currentPage < r.pagination.totalPages;
        setTotal(r.pagination.totalItems);
        setItems((prev) => [...prev, ...r.memoryEntries]);
      },
      (err: unknown) => {
        if (mine !== live.current) return;
        loading.current = false;
        setError(errorText(err));
      },
    );
    // generation: a reset must hand the effect below a new function even when the list was already empty.
  }, [api, tag, includeForgotten, generation]);

  // A new tag, filter or write starts over from the first page.
  useEffect(() => {
    live.current += 1;
    loading.current = false;
    nextPage.current = 1;
    more.current = true;
    setItems([]);
    setTotal(null);
    setError(null);
  }, [api, tag, includeForgotten, generation]);
  useEffect(() => {
    if (items.length === 0 && more.current) loadMore();
  }, [items.length, loadMore]);

  const reset = (select?: string) => {
    if (select) setSelected(select);
    setGeneration((g) => g + 1);
  };
  const position = items.findIndex((m) => m.id === selected);
  const current = position >= 0 ? items[position]! : null;

  return (
    <section aria-labelledby="memories-title">
      <div className="view-head">
        <h1 id="memories-title">Memories</h1>
        <p className="muted" data-testid="memory-count">
          {total === null ? ' ' : `${total} ${includeForgotten ? 'memories' : 'current memories'}${tag ? ` in ${tag}` : ''}`}
        </p>
      </div>
      <WriteMemory onWritten={() => reset()} />
      <label className="inline">
        <input type="checkbox" checked={includeForgotten} onChange={(e) => setIncludeForgotten(e.target.checked)} /> Show forgotten memories
      </label>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="split">
        <VirtualList
          label="Memories"
          items={items}
          rowHeight={ROW}
          height={520}
          onNearEnd={loadMore}
          render={(m) => (
            <button type="button" className={`memory-row${m.id === selected ? ' selected' : ''}${m.isForgotten ? ' forgotten' : ''}`} aria-pressed={m.id === selected} onClick={() => setSelected(m.id)}>
              <span className="memory-text">{short(m.memory, 140)}</span>
              <span className="memory-flags">
                <span>v{m.version}</span>
                {m.isStatic && <span className="badge">static</span>}
                {m.isForgotten && <span className="badge badge-failed">forgotten</span>}
                {expiring(m) && <span className="badge badge-queued">expires</span>}
              </span>
            </button>
          )}
        />
        <aside className="detail" aria-label="Selected memory">
          {current ? (
            <MemoryDetail key={current.id + current.version} memory={current} position={position} includeForgotten={includeForgotten} onChanged={reset} notify={notify} />
          ) : (
            <p className="muted">Select a memory to see its history, sources and relations.</p>
          )}
        </aside>
      </div>
    </section>
  );
}

function WriteMemory({ onWritten }: { onWritten: () => void }) {
  const { api, tag, notify } = useConsole();
  const [text, setText] = useState('');
  const [isStatic, setIsStatic] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!tag) return <p className="muted">Pick a container tag above to write a memory by hand.</p>;
  return (
    <form
      className="write-memory"
      aria-label="Write a memory"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!text.trim()) return;
        setBusy(true);
        try {
          await api.writeMemory(tag, text.trim(), isStatic);
          notify('Memory written');
          setText('');
          onWritten();
        } catch (err) {
          notify(errorText(err), 'error');
        } finally {
          setBusy(false);
        }
      }}
    >
      <label htmlFor="new-memory">New memory in {tag}</label>
      <input id="new-memory" value={text} onChange={(e) => setText(e.target.value)} placeholder="A fact, e.g. Alex prefers window seats" />
      <label className="inline">
        <input type="checkbox" checked={isStatic} onChange={(e) => setIsStatic(e.target.checked)} /> Lasting (static)
      </label>
      <button type="submit" className="primary" disabled={busy || !text.trim()}>
        Write
      </button>
    </form>
  );
}

/**
 * The selected memory. Its versions come from the same list query narrowed to its row (page = position, limit 1,
 * with history): the list itself is loaded without history, which costs a lookup per memory (~2 s a page of 100 at
 * 10,000 memories), and the API has no single-memory read.
 */
function MemoryDetail({
  memory: m,
  position,
  includeForgotten,
  onChanged,
  notify,
}: {
  memory: MemoryEntry;
  position: number;
  includeForgotten: boolean;
  onChanged: (select?: string) => void;
  notify: (t: string, k?: 'info' | 'error') => void;
}) {
  const { api, tag } = useConsole();
  const [draft, setDraft] = useState(m.memory);
  const memTag = tag ?? m.containerTags[0] ?? '';
  const withHistory = useLoad(() => api.memories({ ...(tag ? { containerTag: tag } : {}), page: position + 1, limit: 1, includeForgotten, history: true }), [api, tag, position, includeForgotten, m.id]);
  const row = withHistory.data?.memoryEntries[0];
  const history = [...(row?.id === m.id ? (row.history ?? []) : [])].sort((a, b) => b.version - a.version);
  const relations = Object.entries(m.memoryRelations ?? {});
  return (
    <div>
      <h2>Memory v{m.version}</h2>
      <p className="memory-full">{m.memory}</p>
      <dl className="facts">
        <dt>Kind</dt>
        <dd>
          {m.isStatic ? 'static (lasting)' : 'dynamic'}
          {m.isInference ? ', inferred' : ''}
        </dd>
        <dt>Relation</dt>
        <dd>{m.relation ? `${m.relation}${m.parentMemoryId ? ` (from ${m.parentMemoryId})` : ''}` : 'none'}</dd>
        <dt>Tags</dt>
        <dd>{m.containerTags.join(', ')}</dd>
        <dt>Updated</dt>
        <dd>{when(m.updatedAt)}</dd>
        {m.forgetAfter && (
          <>
            <dt>Forget after</dt>
            <dd>{when(m.forgetAfter)}</dd>
          </>
        )}
        {m.isForgotten && (
          <>
            <dt>Forgotten</dt>
            <dd>{m.forgetReason ?? 'yes'}</dd>
          </>
        )}
        <dt>Sources</dt>
        <dd>
          {m.documentIds.length === 0
            ? 'written by hand'
            : m.documentIds.map((d) => (
                <a key={d} href={href('documents', d)} className="source-link">
                  {d}
                </a>
              ))}
        </dd>
      </dl>
      {relations.length > 0 && (
        <>
          <h3>Related</h3>
          <ul>
            {relations.map(([id, rel]) => (
              <li key={id}>
                {rel} <code>{id}</code>
              </li>
            ))}
          </ul>
        </>
      )}
      <h3>History</h3>
      {withHistory.data && row?.id !== m.id && <p className="muted">The list changed since it was loaded: reload it to see this memory's versions.</p>}
      <ol className="history" aria-label="Versions" aria-busy={withHistory.loading}>
        {history.map((h) => (
          <li key={h.id} data-version={h.version}>
            <strong>v{h.version}</strong> {h.memory} <span className="muted">{when(h.createdAt)}</span>
            {h.isLatest ? ' (current)' : ''}
            {h.isForgotten ? ' (forgotten)' : ''}
          </li>
        ))}
      </ol>
      {!m.isForgotten && memTag && (
        <>
          <form
            className="edit-memory"
            aria-label="Edit memory"
            onSubmit={async (e) => {
              e.preventDefault();
              try {
                const r = await api.updateMemory(memTag, m.id, draft.trim());
                notify(`Saved as version ${r.version}`);
                onChanged(r.id);
              } catch (err) {
                notify(errorText(err), 'error');
              }
            }}
          >
            <label htmlFor="edit-memory-text">Edit (saves a new version)</label>
            <textarea id="edit-memory-text" rows={3} value={draft} onChange={(e) => setDraft(e.target.value)} />
            <button type="submit" className="primary" disabled={!draft.trim() || draft.trim() === m.memory}>
              Save new version
            </button>
          </form>
          <ConfirmButton
            label="Forget"
            question="Forget this memory? It stops appearing in search and profiles."
            onConfirm={async () => {
              try {
                await api.forgetMemory(memTag, m.id, 'forgotten in the console');
                notify('Memory forgotten');
                onChanged();
              } catch (err) {
                notify(errorText(err), 'error');
              }
            }}
          />
        </>
      )}
    </div>
  );
}
