import { useRef, useState } from 'react';
import { errorText } from '../api';
import { useConsole } from '../context';
import { href } from '../route';

interface Upload {
  name: string;
  fraction: number;
  state: 'uploading' | 'done' | 'failed';
  message?: string;
  id?: string;
}

const TAG_RE = /^[A-Za-z0-9_.:-]{1,100}$/;

/** Drop files (or pick them) to send them to POST /v3/documents/file, each with its own progress bar. */
export function UploadZone({ onUploaded }: { onUploaded: () => void }) {
  const { api, tag, isRoot } = useConsole();
  const [target, setTarget] = useState('');
  const [over, setOver] = useState(false);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const uploadTag = tag ?? (target.trim() || 'sm_project_default');
  const tagOk = TAG_RE.test(uploadTag);

  const send = (files: FileList | File[]) => {
    if (!tagOk) return;
    for (const file of Array.from(files)) {
      const index = Date.now() + Math.random();
      const update = (patch: Partial<Upload>) => setUploads((list) => list.map((u) => (u.name === `${file.name}#${index}` ? { ...u, ...patch } : u)));
      setUploads((list) => [{ name: `${file.name}#${index}`, fraction: 0, state: 'uploading' as const }, ...list].slice(0, 8));
      api
        .upload(file, uploadTag, (fraction) => update({ fraction }))
        .then(
          (r) => {
            update({ state: 'done', fraction: 1, id: r.id });
            onUploaded();
          },
          (err: unknown) => update({ state: 'failed', message: errorText(err) }),
        );
    }
  };

  return (
    <div
      className={`dropzone${over ? ' over' : ''}`}
      data-testid="dropzone"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        if (e.dataTransfer.files.length) send(e.dataTransfer.files);
      }}
    >
      <p>
        Drop files here to upload them{tag ? ` to ${tag}` : ''}, or{' '}
        <button type="button" className="link" onClick={() => input.current?.click()} disabled={!tagOk}>
          choose files
        </button>
        .
      </p>
      <input ref={input} type="file" multiple hidden aria-label="Files to upload" onChange={(e) => e.target.files && send(e.target.files)} />
      {!tag && isRoot && (
        <label className="inline">
          Container tag for uploads
          <input value={target} placeholder="sm_project_default" onChange={(e) => setTarget(e.target.value)} aria-invalid={!tagOk} />
        </label>
      )}
      {uploads.length > 0 && (
        <ul className="uploads" aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.name} data-state={u.state}>
              <span>{u.name.replace(/#[^#]*$/, '')}</span>
              <progress max={1} value={u.fraction} aria-label={`Upload of ${u.name.replace(/#[^#]*$/, '')}`} />
              <span>{u.state === 'failed' ? `failed: ${u.message}` : u.state === 'done' ? 'uploaded' : `${Math.round(u.fraction * 100)}%`}</span>
              {u.id && (
                <a href={href('documents', u.id)} data-id={u.id}>
                  Open
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
