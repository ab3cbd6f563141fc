import { useState } from 'react';
import { useConsole } from '../context';
import { useInterval, useLoad } from '../hooks';
import { IN_FLIGHT, STATUSES, when } from '../parts/format';
import { Progress } from '../parts/progress';
import { StatusBadge } from '../parts/status-badge';
import { href } from '../route';
import type { DocumentSummary } from '../types';
import { UploadZone } from './upload-zone';

const PAGE_SIZE = 50;
/** Rows that poll their own progress (each GET /v3/documents/{id} every 1.5 s); the others show their status only. */
const PROGRESS_ROWS = 10;

const sourceOf = (d: DocumentSummary) => (d.connectionId ? 'connection' : d.source === 'upload' ? 'upload' : 'api');

/** Documents of the tag in focus: status, type, tags, source; live progress while any is in the pipeline. */
export function DocumentsView() {
  const { api, tag } = useConsole();
  const [status, setStatus] = useState('');
  const [type, setType] = useState('');
  const [source, setSource] = useState('');
  const [page, setPage] = useState(1);

  const list = useLoad(() => api.listDocuments({ ...(tag ? { containerTags: [tag] } : {}), ...(status ? { status: [status] } : {}), page, limit: PAGE_SIZE, sort: 'createdAt', order: 'desc' }), [api, tag, status, page]);
  const docs = list.data?.memories ?? [];
  const inFlight = docs.filter((d) => IN_FLIGHT.has(d.status));
  const tracked = new Set(inFlight.slice(0, PROGRESS_ROWS).map((d) => d.id));
  useInterval(list.reload, 1500, inFlight.length > 0);

  const types = [...new Set(docs.map((d) => d.type))].sort();
  const shown = docs.filter((d) => (!type || d.type === type) && (!source || sourceOf(d) === source));
  const pg = list.data?.pagination;

  return (
    <section aria-labelledby="documents-title">
      <div className="view-head">
        <h1 id="documents-title">Documents</h1>
        <p className="muted">{pg ? `${pg.totalItems} document${pg.totalItems === 1 ? '' : 's'}${tag ? ` in ${tag}` : ''}` : ' '}</p>
      </div>
      <UploadZone onUploaded={list.reload} />
      <form className="filters" aria-label="Filter documents" onSubmit={(e) => e.preventDefault()}>
        <label>
          Status
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value="">Any</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Type
          <select value={type} onChange={(e) => setType(e.target.value)}>
            <option value="">Any</option>
            {types.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label>
          Source
          <select value={source} onChange={(e) => setSource(e.target.value)}>
            <option value="">Any</option>
            <option value="api">API</option>
            <option value="upload">Upload</option>
            <option value="connection">Connection</option>
          </select>
        </label>
        {inFlight.length > 0 && (
          <span className="live" role="status">
            {inFlight.length} in the pipeline
          </span>
        )}
      </form>
      {list.error && (
        <p className="error" role="alert">
          {list.error}
        </p>
      )}
      <div className="table-wrap">
        <table className="docs">
          <caption className="sr-only">Documents, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Status</th>
              <th scope="col">Type</th>
              <th scope="col">Tags</th>
              <th scope="col">Source</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((d) => (
              <tr key={d.id} data-id={d.id} data-status={d.status}>
                <td>
                  <a href={href('documents', d.id)}>{d.title || d.customId || d.id}</a>
                </td>
                <td>
                  <StatusBadge status={d.status} />
                  {tracked.has(d.id) && <Progress id={d.id} />}
                </td>
                <td>{d.type}</td>
                <td>{d.containerTags.join(', ')}</td>
                <td>{sourceOf(d)}</td>
                <td>{when(d.createdAt)}</td>
              </tr>
            ))}
            {!list.loading && shown.length === 0 && (
              <tr>
                <td colSpan={6} className="muted">
                  No documents{status || type || source ? ' match these filters' : ' yet: drop a file above or add one through the API'}.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {pg && pg.totalPages > 1 && (
        <nav className="pager" aria-label="Pages">
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {pg.currentPage} of {pg.totalPages}
          </span>
          <button type="button" disabled={page >= pg.totalPages} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </section>
  );
}
