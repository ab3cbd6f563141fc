import { useState, type ReactNode } from 'react';

/**
 * A destructive action asked twice: the first press shows what will happen (`question`), the second does it.
 * No modal, so keyboard focus stays where the person is.
 */
export function ConfirmButton({ label, question, confirmLabel, onConfirm, disabled }: { label: string; question: ReactNode; confirmLabel?: string; onConfirm: () => Promise<void> | void; disabled?: boolean }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="danger" disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <span className="confirm" role="group" aria-label={`Confirm: ${label}`}>
      <span className="confirm-question">{question}</span>
      <button
        type="button"
        className="danger"
        disabled={busy}
        autoFocus
        onClick={async () => {
          setBusy(true);
          try {
            await onConfirm();
          } finally {
            setBusy(false);
            setAsking(false);
          }
        }}
      >
        {confirmLabel ?? `Yes, ${label.toLowerCase()}`}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
