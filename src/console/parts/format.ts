/** Small display helpers shared by the views. */
export const when = (iso: string | null | undefined): string => {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
};

export const ms = (n: number | null | undefined): string => (n === null || n === undefined ? '—' : n < 1000 ? `${Math.round(n)} ms` : `${(n / 1000).toFixed(1)} s`);

export const short = (text: string | null | undefined, max = 120): string => {
  if (!text) return '';
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

export const PIPELINE = ['queued', 'extracting', 'chunking', 'embedding', 'indexing', 'done'] as const;
export const STATUSES = [...PIPELINE, 'failed'] as const;
export const IN_FLIGHT = new Set(['queued', 'extracting', 'chunking', 'embedding', 'indexing', 'unknown']);
