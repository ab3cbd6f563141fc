import { MemoryGraph, type GraphApiDocument } from '@supermemory/memory-graph';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '../api';
import { useConsole } from '../context';
import { href } from '../route';
import type { GraphDocument } from '../types';

const PAGE = 20;

/** POST /v3/documents/documents → the shape the reference's graph component reads. */
export function toGraphDocument(d: GraphDocument): GraphApiDocument {
  return {
    id: d.id,
    title: d.title,
    summary: d.summary,
    documentType: d.type,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
    memories: d.memoryEntries.map((m) => ({
      id: m.id,
      memory: m.memory,
      isStatic: m.isStatic,
      spaceId: m.containerTags[0] ?? '',
      spaceContainerTag: m.containerTags[0] ?? null,
      isLatest: m.isLatest,
      isForgotten: m.isForgotten,
      forgetAfter: m.forgetAfter,
      forgetReason: m.forgetReason,
      version: m.version,
      parentMemoryId: m.parentMemoryId,
      rootMemoryId: m.rootMemoryId,
      createdAt: m.createdAt,
      updatedAt: m.updatedAt,
      relation: m.relation,
      memoryRelations: m.memoryRelations ?? null,
    })),
  };
}

/**
 * The memory graph (@supermemory/memory-graph): documents and their memories with version and relation edges,
 * for the tag in focus, PAGE documents at a time ("load more" asks the next page). Beside the canvas, the same data
 * as a list, for keyboards and screen readers.
 */
export function GraphView() {
  const { api, tag } = useConsole();
  const [docs, setDocs] = useState<GraphDocument[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<Error | null>(null);
  const live = useRef(0);

  const load = useCallback(
    (p: number) => {
      const mine = live.current;
      setLoading(true);
      api.graph({ ...(tag ? { containerTags: [tag] } : {}), page: p, limit: PAGE }).then(
        (r) => {
          if (mine !== live.current) return;
          setDocs((prev) => (p === 1 ? r.documents : [...prev, ...r.documents]));
          setTotal(r.pagination.totalItems);
          setPage(p);
          setLoading(false);
        },
        (err: unknown) => {
          if (mine !== live.current) return;
          setError(new Error(errorText(err)));
          setLoading(false);
        },
      );
    },
    [api, tag],
  );
  useEffect(() => {
    live.current += 1;
    setDocs([]);
    setError(null);
    load(1);
  }, [load]);

  const graphDocs = docs.map(toGraphDocument);
  const memories = docs.flatMap((d) => d.memoryEntries);
  const current = memories.filter((m) => m.isLatest && !m.isForgotten).length;
  const forgotten = memories.filter((m) => m.isForgotten).length;
  const hasMore = docs.length < total;

  return (
    <section aria-labelledby="graph-title" className="graph-view">
      <div className="view-head">
        <h1 id="graph-title">Memory graph</h1>
        <p className="muted" data-testid="graph-summary" data-documents={docs.length} data-memories={memories.length} data-current={current} data-forgotten={forgotten}>
          {docs.length} of {total} documents, {memories.length} memory versions ({current} current, {forgotten} forgotten){tag ? ` in ${tag}` : ''}
        </p>
        {hasMore && (
          <button type="button" onClick={() => load(page + 1)} disabled={loading}>
            Load {Math.min(PAGE, total - docs.length)} more documents
          </button>
        )}
      </div>
      <div className="graph-box" role="region" aria-label={`Graph of ${docs.length} documents and ${memories.length} memories`}>
        <MemoryGraph
          documents={graphDocs}
          isLoading={loading && docs.length === 0}
          isLoadingMore={loading && docs.length > 0}
          hasMore={hasMore}
          onLoadMore={() => load(page + 1)}
          error={error}
          variant="console"
          totalCount={total}
          onOpenDocument={(id) => (location.hash = href('documents', id))}
        >
          <p className="muted">No documents with memories yet.</p>
        </MemoryGraph>
      </div>
      <details className="graph-list">
        <summary>The graph as a list</summary>
        <ul>
          {docs.map((d) => (
            <li key={d.id}>
              <a href={href('documents', d.id)}>{d.title || d.id}</a>
              <ul>
                {d.memoryEntries.map((m) => (
                  <li key={m.id} data-memory-id={m.id}>
                    {m.memory} (v{m.version}
                    {m.relation ? `, ${m.relation}` : ''}
                    {m.isForgotten ? ', forgotten' : m.isLatest ? '' : ', superseded'})
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
