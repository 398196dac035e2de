import { useEffect } from 'react';
import { systemClock } from '../lib/clock.ts';
import { Button } from './Button.tsx';

export interface ToastItem {
  readonly id: number;
  readonly message: string;
  readonly variant: 'info' | 'success' | 'danger';
}

/** How long a toast stays, in milliseconds. */
export const TOAST_DURATION_MS = 6000;

function ToastMessage({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  useEffect(() => {
    return systemClock.after(TOAST_DURATION_MS, () => onDismiss(toast.id));
  }, [toast.id, onDismiss]);
  return (
    <div className={`toast toast-${toast.variant}`} data-testid="toast">
      <span className="toast-message">{toast.message}</span>
      <Button
        variant="tertiary"
        icon="close"
        iconOnly
        aria-label="Dismiss notification"
        onClick={() => onDismiss(toast.id)}
      />
    </div>
  );
}

/** The polite live region toasts are announced through; it exists before any toast does. */
export function ToastRegion({
  toasts,
  onDismiss,
}: {
  toasts: readonly ToastItem[];
  onDismiss: (id: number) => void;
}) {
  return (
    <div className="toast-region" role="status" aria-live="polite" data-testid="toast-region">
      {toasts.map((toast) => (
        <ToastMessage key={toast.id} toast={toast} onDismiss={onDismiss} />
      ))}
    </div>
  );
}
