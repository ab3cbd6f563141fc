import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A list that renders only the rows in view (plus a margin): fixed row height, one scroll container. With 10,000
 * memories the DOM holds a few dozen rows. `onNearEnd` asks for the next page when the person scrolls close to the
 * end of what is loaded.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  height,
  render,
  onNearEnd,
  label,
}: {
  items: readonly T[];
  rowHeight: number;
  height: number;
  render: (item: T, index: number) => ReactNode;
  onNearEnd?: () => void;
  label: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  const overscan = 6;
  const first = Math.max(0, Math.floor(top / rowHeight) - overscan);
  const last = Math.min(items.length, Math.ceil((top + height) / rowHeight) + overscan);
  useEffect(() => {
    if (onNearEnd && last >= items.length - overscan * 2) onNearEnd();
  }, [last, items.length, onNearEnd]);
  return (
    <div ref={ref} className="vlist" style={{ height, overflowY: 'auto' }} onScroll={(e) => setTop(e.currentTarget.scrollTop)} role="list" aria-label={label} tabIndex={0}>
      <div style={{ height: items.length * rowHeight, position: 'relative' }}>
        {items.slice(first, last).map((item, i) => (
          <div key={first + i} role="listitem" className="vrow" style={{ position: 'absolute', top: (first + i) * rowHeight, height: rowHeight, left: 0, right: 0 }}>
            {render(item, first + i)}
          </div>
        ))}
      </div>
    </div>
  );
}
