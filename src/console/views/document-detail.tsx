import { errorText } from '../api';
import { useConsole } from '../context';
import { useInterval, useLoad } from '../hooks';
import { ConfirmButton } from '../parts/confirm-button';
import { IN_FLIGHT, ms, when } from '../parts/format';
import { extractionText } from '../parts/progress';
import { StatusBadge } from '../parts/status-badge';
import { href } from '../route';

/** A step's own account (counts, extractor, notes) as `key: value` pairs. */
const stepFacts = (meta: Record<string, unknown> | undefined): string =>
  Object.entries(meta ?? {})
    .filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v))
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(' · ');

/** One document: text, chunks, extracted memories, processing timeline and error; retry, delete, workflow link. */
export function DocumentDetailView({ id }: { id: string }) {
  const { api, config, notify } = useConsole();
  const doc = useLoad(() => api.document(id), [api, id]);
  const status = doc.data?.status;
  const done = status === 'done';
  const chunks = useLoad(() => (done ? api.chunks(id) : Promise.resolve(null)), [api, id, done]);
  const withMemories = useLoad(() => (done ? api.graphByIds([id]) : Promise.resolve(null)), [api, id, done]);
  useInterval(doc.reload, 1500, status !== undefined && IN_FLIGHT.has(status));

  if (doc.error && !doc.data) {
    return (
      <section>
        <h1>Document</h1>
        <p className="error" role="alert">
          {doc.error}
        </p>
        <a href={href('documents')}>Back to documents</a>
      </section>
    );
  }
  const d = doc.data;
  if (!d) return <p role="status">Loading…</p>;
  const pm = d.processingMetadata ?? {};
  const memories = withMemories.data?.documents[0]?.memoryEntries ?? [];
  const x = status !== undefined && IN_FLIGHT.has(status) ? extractionText(pm) : null;
  const failure = typeof pm.error === 'string' ? pm.error : null;

  return (
    <section aria-labelledby="doc-title">
      <p>
        <a href={href('documents')}>← Documents</a>
      </p>
      <div className="view-head">
        <h1 id="doc-title">{d.title || d.customId || d.id}</h1>
        <StatusBadge status={d.status} />
      </div>
      <dl className="facts">
        <dt>Id</dt>
        <dd>
          <code>{d.id}</code>
        </dd>
        {d.customId && (
          <>
            <dt>Custom id</dt>
            <dd>{d.customId}</dd>
          </>
        )}
        <dt>Type</dt>
        <dd>{d.type}</dd>
        <dt>Tags</dt>
        <dd>{d.containerTags.join(', ')}</dd>
        <dt>Source</dt>
        <dd>{d.connectionId ? `connection ${d.source ?? ''} (${d.connectionId})` : (d.source ?? 'api')}</dd>
        <dt>Created</dt>
        <dd>{when(d.createdAt)}</dd>
        <dt>Chunks</dt>
        <dd>{d.chunkCount ?? '—'}</dd>
      </dl>
      <div className="actions">
        {d.status === 'failed' && (
          <button
            type="button"
            className="primary"
            onClick={async () => {
              try {
                await api.retryDocument(d.id);
                notify('Retry started');
                doc.reload();
              } catch (err) {
                notify(errorText(err), 'error');
              }
            }}
          >
            Retry
          </button>
        )}
        <button
          type="button"
          onClick={async () => {
            try {
              const { url } = await api.fileUrl(d.id);
              location.assign(url);
            } catch (err) {
              notify(errorText(err), 'error');
            }
          }}
        >
          Download original
        </button>
        {config.workflowUrl && (
          <a className="button" href={`${config.workflowUrl}${encodeURIComponent(d.id)}`} target="_blank" rel="noreferrer noopener">
            Workflow in Temporal UI
          </a>
        )}
        <ConfirmButton
          label="Delete"
          question="Delete this document, its chunks and the memories only it supports?"
          onConfirm={async () => {
            try {
              await api.deleteDocument(d.id);
              notify(`Deleted ${d.title || d.id}`);
              location.hash = href('documents');
            } catch (err) {
              notify(errorText(err), 'error');
            }
          }}
        />
      </div>

      {failure && (
        <div className="error-box" role="alert">
          <h2>Error</h2>
          <p>
            {typeof pm.errorCode === 'string' && <code>{pm.errorCode}</code>} {failure}
          </p>
        </div>
      )}

      <h2>Processing timeline</h2>
      {x && <p role="status">Extracting: {x.text}</p>}
      <ol className="timeline">
        {(pm.steps ?? []).map((s, i) => (
          <li key={`${s.name}-${i}`} data-step={s.name}>
            <strong>{s.name}</strong> <span className={`step-${s.status}`}>{s.status}</span> <span className="muted">{when(s.startTime)}</span> {s.duration !== undefined && <span>{ms(s.duration)}</span>}
            {stepFacts(s.metadata) && <div className="muted step-facts">{stepFacts(s.metadata)}</div>}
          </li>
        ))}
        {(pm.steps ?? []).length === 0 && <li className="muted">Not started yet</li>}
      </ol>
      {pm.duration !== undefined && <p className="muted">Total {ms(pm.duration)}</p>}

      <h2>Memories from this document ({memories.filter((m) => m.isLatest).length})</h2>
      {memories.length === 0 ? (
        <p className="muted">{done ? 'No memories were extracted.' : 'Memories appear once processing is done.'}</p>
      ) : (
        <ul className="memory-list" aria-label="Memories from this document">
          {memories.map((m) => (
            <li key={m.id} className={m.isForgotten ? 'forgotten' : m.isLatest ? '' : 'superseded'}>
              <a href={href('memories', m.id)}>{m.memory}</a> <span className="muted">v{m.version}</span>
              {m.isForgotten && <span className="badge badge-failed">forgotten</span>}
              {!m.isLatest && !m.isForgotten && <span className="badge">superseded</span>}
            </li>
          ))}
        </ul>
      )}

      <h2>Text</h2>
      <pre className="doc-text" tabIndex={0} aria-label="Document text">
        {d.content ?? d.raw ?? ''}
      </pre>

      <h2>Chunks ({chunks.data?.total ?? d.chunkCount ?? 0})</h2>
      <ol className="chunks">
        {(chunks.data?.chunks ?? []).map((c) => (
          <li key={c.id}>
            <span className="muted">
              #{c.position} · {c.tokenCount} tokens
            </span>
            <p>{c.content}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
