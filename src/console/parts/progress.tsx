import { useConsole } from '../context';
import { useInterval, useLoad } from '../hooks';
import type { ProcessingMetadata } from '../types';

interface Extraction {
  unit?: string;
  done?: number;
  total?: number;
  phase?: string;
}

/** "pages 3 of 10" / "seconds 42 of 300": what processingMetadata.extraction says of a running extraction. */
export function extractionText(pm: ProcessingMetadata | null | undefined): { text: string; fraction: number | null } | null {
  const x = pm?.extraction as Extraction | undefined;
  if (!x || typeof x.done !== 'number') return null;
  const unit = x.unit ?? 'items';
  const text = `${x.phase ? `${x.phase}: ` : ''}${unit} ${Math.round(x.done)}${typeof x.total === 'number' ? ` of ${Math.round(x.total)}` : ''}`;
  return { text, fraction: typeof x.total === 'number' && x.total > 0 ? Math.min(1, x.done / x.total) : null };
}

/** Live progress of one document in the pipeline: its current step and, while extracting, pages or seconds done. */
export function Progress({ id }: { id: string }) {
  const { api } = useConsole();
  const doc = useLoad(() => api.document(id), [api, id]);
  useInterval(doc.reload, 1500, true);
  const pm = doc.data?.processingMetadata;
  const steps = pm?.steps ?? [];
  const current = steps.at(-1);
  const x = extractionText(pm);
  return (
    <span className="progress-line">
      {current && <span className="muted"> {current.name}</span>}
      {x && (
        <>
          {' '}
          <span>{x.text}</span>
          {x.fraction !== null && <progress max={1} value={x.fraction} aria-label={`Extraction of ${id}`} />}
        </>
      )}
    </span>
  );
}
