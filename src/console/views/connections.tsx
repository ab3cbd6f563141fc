import { useState } from 'react';
import { errorText } from '../api';
import { useConsole } from '../context';
import { useInterval, useLoad } from '../hooks';
import { ConfirmButton } from '../parts/confirm-button';
import { when } from '../parts/format';
import type { ConnectionView } from '../types';

const PROVIDERS = ['web-crawler', 's3', 'github', 'notion', 'google-drive', 'gmail', 'onedrive'] as const;
const PICKER = new Set(['google-drive', 'onedrive']);

/** Connections: create (OAuth redirect, drive picker), status, next sync, sync runs and errors, import, disconnect. */
export function ConnectionsView() {
  const { api } = useConsole();
  const list = useLoad(() => api.connections(), [api]);
  const busy = (list.data ?? []).some((c) => c.status === 'syncing');
  useInterval(list.reload, 2000, busy);
  return (
    <section aria-labelledby="connections-title">
      <h1 id="connections-title">Connections</h1>
      <CreateConnection onCreated={list.reload} />
      {list.error && (
        <p className="error" role="alert">
          {list.error}
        </p>
      )}
      <h2>Connected sources</h2>
      {(list.data ?? []).length === 0 && !list.loading && <p className="muted">No connections yet.</p>}
      <ul className="cards">
        {(list.data ?? []).map((c) => (
          <ConnectionCard key={c.id} connection={c} onChanged={list.reload} />
        ))}
      </ul>
    </section>
  );
}

function CreateConnection({ onCreated }: { onCreated: () => void }) {
  const { api, tag, notify } = useConsole();
  const [provider, setProvider] = useState<(typeof PROVIDERS)[number]>('web-crawler');
  const [containerTag, setContainerTag] = useState(tag ?? '');
  const [startUrl, setStartUrl] = useState('');
  const [token, setToken] = useState('');
  const [s3, setS3] = useState({ bucket: '', region: 'us-east-1', accessKeyId: '', secretAccessKey: '', endpoint: '', prefix: '' });
  const [selected, setSelected] = useState(true);
  const [authLink, setAuthLink] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const metadata = (): Record<string, unknown> => {
    if (provider === 'web-crawler') return { startUrl };
    if (provider === 's3') return Object.fromEntries(Object.entries(s3).filter(([, v]) => v !== ''));
    if (provider === 'github' || provider === 'notion') return token ? { token } : {};
    if (PICKER.has(provider)) return { syncScope: selected ? 'selected' : 'full' };
    return {};
  };

  return (
    <form
      className="card create-connection"
      aria-labelledby="create-connection-title"
      onSubmit={async (e) => {
        e.preventDefault();
        setError(null);
        setAuthLink(null);
        try {
          const r = await api.createConnection(provider, {
            ...(containerTag ? { containerTags: [containerTag] } : {}),
            metadata: metadata(),
            redirectUrl: `${location.origin}/console#/connections`,
          });
          if (r.authLink) {
            setAuthLink(r.authLink);
            notify(`Continue at ${provider} to grant access`);
          } else notify(`Connected ${provider}; the first sync has started`);
          onCreated();
        } catch (err) {
          setError(errorText(err));
        }
      }}
    >
      <h2 id="create-connection-title">New connection</h2>
      <div className="row">
        <label>
          Provider
          <select value={provider} onChange={(e) => setProvider(e.target.value as (typeof PROVIDERS)[number])}>
            {PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        <label>
          Container tag
          <input value={containerTag} onChange={(e) => setContainerTag(e.target.value)} placeholder="sm_project_default" />
        </label>
      </div>
      {provider === 'web-crawler' && (
        <label>
          Start URL
          <input type="url" value={startUrl} onChange={(e) => setStartUrl(e.target.value)} required placeholder="https://docs.example.com/" />
        </label>
      )}
      {provider === 's3' && (
        <div className="row wrap">
          {(Object.keys(s3) as (keyof typeof s3)[]).map((k) => (
            <label key={k}>
              {k}
              <input type={k === 'secretAccessKey' ? 'password' : 'text'} value={s3[k]} onChange={(e) => setS3({ ...s3, [k]: e.target.value })} required={k !== 'endpoint' && k !== 'prefix'} />
            </label>
          ))}
        </div>
      )}
      {(provider === 'github' || provider === 'notion') && (
        <label>
          Token (leave empty to sign in with OAuth)
          <input type="password" value={token} onChange={(e) => setToken(e.target.value)} autoComplete="off" />
        </label>
      )}
      {PICKER.has(provider) && (
        <label className="inline">
          <input type="checkbox" checked={selected} onChange={(e) => setSelected(e.target.checked)} /> Pick the folders and files to sync (drive picker)
        </label>
      )}
      <button type="submit" className="primary">
        Connect
      </button>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {authLink && (
        <p>
          <a className="button primary" href={authLink}>
            Continue to {provider}
          </a>
        </p>
      )}
    </form>
  );
}

function ConnectionCard({ connection: c, onChanged }: { connection: ConnectionView; onChanged: () => void }) {
  const { api, notify } = useConsole();
  const [open, setOpen] = useState(false);
  const runs = useLoad(() => (open ? api.syncRuns(c.id) : Promise.resolve(null)), [api, c.id, open, c.lastSyncAt, c.status]);
  const detail = useLoad(() => (c.status === 'needs_setup' ? api.connection(c.id) : Promise.resolve(null)), [api, c.id, c.status]);
  const label = `${c.provider} ${String(c.metadata.startUrl ?? c.metadata.bucket ?? '')}`.trim();
  return (
    <li className="card connection" data-id={c.id} data-status={c.status}>
      <h3>{label}</h3>
      <dl className="facts">
        <dt>Status</dt>
        <dd>
          <span className={`badge conn-${c.status}`}>{c.status}</span>
        </dd>
        <dt>Tags</dt>
        <dd>{c.containerTags.join(', ')}</dd>
        <dt>Last sync</dt>
        <dd>{when(c.lastSyncAt)}</dd>
        <dt>Next sync</dt>
        <dd>{when(c.nextSyncAt)}</dd>
        {c.error && (
          <>
            <dt>Error</dt>
            <dd className="error">{c.error}</dd>
          </>
        )}
      </dl>
      {detail.data?.setupUrl && (
        <p>
          <a className="button primary" href={detail.data.setupUrl}>
            Choose what to sync
          </a>
        </p>
      )}
      <div className="actions">
        <button
          type="button"
          onClick={async () => {
            try {
              await api.importConnection(c.provider, c.containerTags);
              notify(`Sync of ${c.provider} started`);
              onChanged();
            } catch (err) {
              notify(errorText(err), 'error');
            }
          }}
        >
          Sync now
        </button>
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide sync runs' : 'Sync runs'}
        </button>
        <ConfirmButton
          label="Disconnect"
          question="Disconnect and delete the documents it synced?"
          confirmLabel="Disconnect and delete documents"
          onConfirm={async () => {
            await api.deleteConnection(c.id, true).then(
              () => notify('Disconnected; its documents are deleted'),
              (err: unknown) => notify(errorText(err), 'error'),
            );
            onChanged();
          }}
        />
        <ConfirmButton
          label="Disconnect, keep documents"
          question="Disconnect but keep the documents it synced?"
          confirmLabel="Disconnect and keep documents"
          onConfirm={async () => {
            await api.deleteConnection(c.id, false).then(
              () => notify('Disconnected; its documents are kept'),
              (err: unknown) => notify(errorText(err), 'error'),
            );
            onChanged();
          }}
        />
      </div>
      {open && (
        <table className="runs">
          <caption>Sync runs, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Started</th>
              <th scope="col">Trigger</th>
              <th scope="col">Status</th>
              <th scope="col">Processed</th>
              <th scope="col">Failed</th>
              <th scope="col">Error</th>
            </tr>
          </thead>
          <tbody>
            {(runs.data ?? []).map((r) => (
              <tr key={r.id} data-status={r.status}>
                <td>{when(r.startedAt)}</td>
                <td>{r.triggerType}</td>
                <td>{r.status}</td>
                <td>{r.itemsProcessed}</td>
                <td>{r.itemsFailed}</td>
                <td>{r.error ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </li>
  );
}
