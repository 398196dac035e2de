import type { LayoutSnapshot } from '../../../core/layout/snapshot.ts';

/** The header as plain DOM when the canvas cannot draw. */
export function DomHeader({
  snapshot,
  controllerRef,
}: {
  snapshot: LayoutSnapshot;
  controllerRef: (element: HTMLDivElement | null) => void;
}) {
  const { header, strings } = snapshot;
  return (
    <div className="roadmap-dom-header" ref={controllerRef} aria-hidden="true">
      {Array.from({ length: header.columnCount }, (_, c) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: header columns are positional
          key={c}
          className={`roadmap-dom-column${header.state[c] === 1 ? ' is-current' : ''}`}
          style={{ left: header.x[c], width: header.width[c] }}
        >
          {strings[header.labelBase + c]}
        </span>
      ))}
    </div>
  );
}
