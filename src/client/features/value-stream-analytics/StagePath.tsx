/**
 * GitLab's stage path: Overview, then each shown stage with its median ("2d", "-"); the one shown
 * is marked (aria-current). Real links to each view, so middle-click opens it in a new tab.
 */
import type { ValueStreamStage } from '../../data/index.ts';
import { QueryLink } from '../../ui/index.ts';
import { formatMedian } from './vsaFormat.ts';
import { serializeVsaQuery, type VsaQuery, withStage } from './vsaQuery.ts';
import { VSA_TEXT } from './vsaTexts.ts';

export function StagePath({
  query,
  stages,
  medians,
  onNavigate,
}: {
  query: VsaQuery;
  stages: readonly ValueStreamStage[];
  /** Seconds by stage id; undefined while unknown. */
  medians: ReadonlyMap<number, number | null> | null;
  onNavigate: (search: string) => void;
}) {
  const overview = query.stageId === null || !stages.some((stage) => stage.id === query.stageId);
  return (
    <nav className="vsa-path" aria-label={VSA_TEXT.stagePath} data-testid="vsa-stage-path">
      <ol className="vsa-path-list">
        <li className="vsa-path-step">
          <QueryLink
            search={serializeVsaQuery(withStage(query, null))}
            onNavigate={onNavigate}
            className="vsa-path-link"
            aria-current={overview ? 'step' : undefined}
            data-testid="vsa-path-overview"
          >
            <span className="vsa-path-title">{VSA_TEXT.overview}</span>
          </QueryLink>
        </li>
        {stages.map((stage) => {
          const median = medians?.has(stage.id) ? formatMedian(medians.get(stage.id) ?? null) : null;
          return (
            <li key={stage.id} className="vsa-path-step">
              <QueryLink
                search={serializeVsaQuery(withStage(query, stage.id))}
                onNavigate={onNavigate}
                className="vsa-path-link"
                aria-current={query.stageId === stage.id ? 'step' : undefined}
                title={stage.description || undefined}
                data-testid={`vsa-path-stage-${stage.id}`}
              >
                <span className="vsa-path-title">{stage.title}</span>
                <span className="vsa-path-median">
                  <span className="sr-only">, {VSA_TEXT.median}: </span>
                  <span data-testid="vsa-path-median">{median ?? '…'}</span>
                </span>
              </QueryLink>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
