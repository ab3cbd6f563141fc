import { useEffect, useState } from 'react';
import { errorText } from '../api';
import { useConsole } from '../context';
import { useLoad } from '../hooks';
import { ConfirmButton } from '../parts/confirm-button';
import { when } from '../parts/format';
import type { Settings } from '../types';

/** Organisation settings and container tags (rename, merge, delete with the counts shown first); root keys only. */
export function SettingsView() {
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      <OrgSettings />
      <ContainerTags />
    </section>
  );
}

function OrgSettings() {
  const { api, notify } = useConsole();
  const settings = useLoad(() => api.settings(), [api]);
  const [draft, setDraft] = useState<Partial<Settings>>({});
  useEffect(() => {
    if (settings.data) setDraft({ chunkSize: settings.data.chunkSize, workspacePrompt: settings.data.workspacePrompt, categories: settings.data.categories });
  }, [settings.data]);
  if (settings.error) return <p className="error">{settings.error}</p>;
  if (!settings.data) return <p role="status">Loading settings…</p>;
  return (
    <form
      className="card"
      aria-labelledby="org-settings-title"
      onSubmit={async (e) => {
        e.preventDefault();
        try {
          await api.updateSettings({
            chunkSize: draft.chunkSize === null || draft.chunkSize === undefined || Number.isNaN(draft.chunkSize) ? null : Number(draft.chunkSize),
            workspacePrompt: draft.workspacePrompt || null,
            categories: draft.categories && draft.categories.length ? draft.categories : null,
          });
          notify('Settings saved');
          settings.reload();
        } catch (err) {
          notify(errorText(err), 'error');
        }
      }}
    >
      <h2 id="org-settings-title">Organisation</h2>
      <label>
        Chunk size (tokens)
        <input type="number" min={1} value={draft.chunkSize ?? ''} onChange={(e) => setDraft({ ...draft, chunkSize: e.target.value === '' ? null : Number(e.target.value) })} />
      </label>
      <label>
        Workspace prompt
        <textarea rows={3} maxLength={1500} value={draft.workspacePrompt ?? ''} onChange={(e) => setDraft({ ...draft, workspacePrompt: e.target.value })} />
      </label>
      <label>
        Categories (comma-separated)
        <input
          value={(draft.categories ?? []).join(', ')}
          onChange={(e) =>
            setDraft({
              ...draft,
              categories: e.target.value
                .split(',')
                .map((c) => c.trim())
                .filter(Boolean),
            })
          }
        />
      </label>
      <p className="muted">LLM filtering: {settings.data.shouldLLMFilter ? 'on' : 'off'}</p>
      <button type="submit" className="primary">
        Save settings
      </button>
    </form>
  );
}

function ContainerTags() {
  const { api, notify, refreshTags, tag: focused, setTag } = useConsole();
  const tags = useLoad(() => api.tags(), [api]);
  const [renaming, setRenaming] = useState<Record<string, string>>({});
  const [mergeFrom, setMergeFrom] = useState('');
  const [mergeInto, setMergeInto] = useState('');
  const list = tags.data ?? [];
  const changed = () => {
    tags.reload();
    refreshTags();
  };
  const from = list.find((t) => t.containerTag === mergeFrom);
  return (
    <div className="card" aria-labelledby="tags-title" role="region">
      <h2 id="tags-title">Container tags</h2>
      {tags.error && <p className="error">{tags.error}</p>}
      <div className="table-wrap">
        <table>
          <caption className="sr-only">Container tags with their counts</caption>
          <thead>
            <tr>
              <th scope="col">Tag</th>
              <th scope="col">Name</th>
              <th scope="col">Documents</th>
              <th scope="col">Memories</th>
              <th scope="col">Last activity</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.map((t) => (
              <tr key={t.containerTag} data-tag={t.containerTag}>
                <td>
                  <code>{t.containerTag}</code>
                </td>
                <td>
                  <input aria-label={`Name of ${t.containerTag}`} value={renaming[t.containerTag] ?? t.name ?? ''} onChange={(e) => setRenaming({ ...renaming, [t.containerTag]: e.target.value })} />
                  {renaming[t.containerTag] !== undefined && renaming[t.containerTag] !== (t.name ?? '') && (
                    <button
                      type="button"
                      onClick={async () => {
                        try {
                          await api.renameTag(t.containerTag, renaming[t.containerTag]!);
                          notify(`Renamed ${t.containerTag}`);
                          setRenaming(({ [t.containerTag]: _, ...rest }) => rest);
                          changed();
                        } catch (err) {
                          notify(errorText(err), 'error');
                        }
                      }}
                    >
                      Save name
                    </button>
                  )}
                </td>
                <td>{t.documentCount}</td>
                <td>{t.memoryCount}</td>
                <td>{when(t.lastActivityAt)}</td>
                <td>
                  <ConfirmButton
                    label="Delete"
                    question={`Delete ${t.containerTag}: ${t.documentCount} documents and ${t.memoryCount} memories go (documents that carry another tag stay)?`}
                    onConfirm={async () => {
                      try {
                        const r = await api.deleteTag(t.containerTag);
                        notify(`Deleted ${t.containerTag}: ${r.deletedDocumentsCount} documents, ${r.deletedMemoriesCount} memories`);
                        if (focused === t.containerTag) setTag(null);
                        changed();
                      } catch (err) {
                        notify(errorText(err), 'error');
                      }
                    }}
                  />
                </td>
              </tr>
            ))}
            {list.length === 0 && !tags.loading && (
              <tr>
                <td colSpan={6} className="muted">
                  No container tags yet.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <form className="row merge" aria-label="Merge container tags" onSubmit={(e) => e.preventDefault()}>
        <label>
          Merge
          <select value={mergeFrom} onChange={(e) => setMergeFrom(e.target.value)}>
            <option value="">choose a tag</option>
            {list.map((t) => (
              <option key={t.containerTag} value={t.containerTag}>
                {t.containerTag}
              </option>
            ))}
          </select>
        </label>
        <label>
          into
          <select value={mergeInto} onChange={(e) => setMergeInto(e.target.value)}>
            <option value="">choose a tag</option>
            {list
              .filter((t) => t.containerTag !== mergeFrom)
              .map((t) => (
                <option key={t.containerTag} value={t.containerTag}>
                  {t.containerTag}
                </option>
              ))}
          </select>
        </label>
        <ConfirmButton
          label="Merge"
          disabled={!mergeFrom || !mergeInto || mergeFrom === mergeInto}
          question={`Move ${from?.documentCount ?? 0} documents and ${from?.memoryCount ?? 0} memories of ${mergeFrom} into ${mergeInto} and delete ${mergeFrom}?`}
          onConfirm={async () => {
            try {
              const r = await api.mergeTags([mergeFrom, mergeInto], mergeInto);
              notify(`Merged ${mergeFrom} into ${mergeInto} (${r.mergedCount} moved)`);
              if (focused === mergeFrom) setTag(mergeInto);
              setMergeFrom('');
              setMergeInto('');
              changed();
            } catch (err) {
              notify(errorText(err), 'error');
            }
          }}
        />
      </form>
    </div>
  );
}
