/** A spinner with a text alternative. */
export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="loading" data-testid="loading">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
