import { useState } from 'react';
import { errorText } from '../api';
import { useConsole } from '../context';
import { useLoad } from '../hooks';
import { ConfirmButton } from '../parts/confirm-button';
import { when } from '../parts/format';

/** Scoped keys (root keys only): create (shown once), list, disable/enable, revoke, expiry. */
export function KeysView() {
  const { api, tag, notify } = useConsole();
  const keys = useLoad(() => api.keys(), [api]);
  const [containerTag, setContainerTag] = useState(tag ?? '');
  const [name, setName] = useState('');
  const [days, setDays] = useState('');
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  return (
    <section aria-labelledby="keys-title">
      <h1 id="keys-title">API keys</h1>
      <form
        className="card"
        aria-labelledby="new-key-title"
        onSubmit={async (e) => {
          e.preventDefault();
          setError(null);
          try {
            const r = await api.createScopedKey({ containerTag, ...(name ? { name } : {}), ...(days ? { expiresInDays: Number(days) } : {}) });
            setCreated({ key: r.key, name: name || containerTag });
            setName('');
            keys.reload();
          } catch (err) {
            setError(errorText(err));
          }
        }}
      >
        <h2 id="new-key-title">New scoped key</h2>
        <div className="row">
          <label>
            Container tag
            <input value={containerTag} onChange={(e) => setContainerTag(e.target.value)} required />
          </label>
          <label>
            Name
            <input value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <label>
            Expires in days
            <input type="number" min={1} max={365} value={days} onChange={(e) => setDays(e.target.value)} placeholder="never" />
          </label>
        </div>
        <button type="submit" className="primary">
          Create key
        </button>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {created && (
          <div className="new-key" role="status">
            <p>
              Key <strong>{created.name}</strong>: copy it now, it is not shown again.
            </p>
            <input readOnly value={created.key} aria-label="New key" data-testid="new-key" onFocus={(e) => e.target.select()} />
          </div>
        )}
      </form>
      {keys.error && (
        <p className="error" role="alert">
          {keys.error}
        </p>
      )}
      <div className="table-wrap">
        <table>
          <caption className="sr-only">Keys of the organisation</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Prefix</th>
              <th scope="col">Type</th>
              <th scope="col">Tags</th>
              <th scope="col">Created</th>
              <th scope="col">Expires</th>
              <th scope="col">State</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {(keys.data?.keys ?? []).map((k) => {
              const state = k.revokedAt ? 'revoked' : k.enabled ? 'enabled' : 'disabled';
              return (
                <tr key={k.id} data-id={k.id} data-state={state}>
                  <td>{k.name ?? '—'}</td>
                  <td>
                    <code>{k.prefix}</code>
                  </td>
                  <td>{k.type}</td>
                  <td>{k.containerTags?.join(', ') ?? 'all'}</td>
                  <td>{when(k.createdAt)}</td>
                  <td>
                    {when(k.expiresAt)}
                    {k.expiresSoon ? ' (soon)' : ''}
                  </td>
                  <td>{state}</td>
                  <td className="actions">
                    {k.type !== 'root' && !k.revokedAt && (
                      <>
                        <button
                          type="button"
                          onClick={async () => {
                            try {
                              const r = await api.toggleKey(k.id);
                              notify(r.enabled ? 'Key enabled' : 'Key disabled');
                              keys.reload();
                            } catch (err) {
                              notify(errorText(err), 'error');
                            }
                          }}
                        >
                          {k.enabled ? 'Disable' : 'Enable'}
                        </button>
                        <ConfirmButton
                          label="Revoke"
                          question={`Revoke ${k.name ?? k.prefix}? Calls with it fail from now on.`}
                          onConfirm={async () => {
                            try {
                              await api.revokeKey(k.id);
                              notify('Key revoked');
                              keys.reload();
                            } catch (err) {
                              notify(errorText(err), 'error');
                            }
                          }}
                        />
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
