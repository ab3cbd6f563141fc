/** A document status as text and colour (the colour is never the only signal). */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge badge-${status}`}>{status}</span>;
}
