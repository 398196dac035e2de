import { TRIAL_DAYS, TRIAL_TEXTS } from '../../../core/domain/trials.ts';
import { TRIALS_PATH } from '../../../core/domain/webPaths.ts';
import { parseJsonList } from '../../../core/lib/jsonText.ts';
import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { PageHeader } from '../../components/navigation/index.ts';
import { usePageSettled } from '../../data/index.ts';
import { Alert, EmptyState, useDocumentTitle } from '../../ui/index.ts';

interface TrialGroup {
  readonly id: number;
  readonly name: string;
  readonly fullPath: string;
}

function parseGroups(text: string): TrialGroup[] {
  return parseJsonList(text).flatMap((entry) => {
    const group = entry as Record<string, unknown>;
    return typeof group?.id === 'number' &&
      typeof group.name === 'string' &&
      typeof group.full_path === 'string'
      ? [{ id: group.id, name: group.name, fullPath: group.full_path }]
      : [];
  });
}

/**
 * `/-/trials/new`: GitLab's free trial. The owner of a top-level group on Free chooses the group and
 * starts 30 days of Ultimate; the form posts to `/-/trials`, which leads to the group's Billing.
 */
export function TrialNewPage({
  groups,
  namespaceId,
  error,
  trialDays,
  csrfToken,
}: PageMountOf<'trial-new'> & { csrfToken: string | null }) {
  const choices = parseGroups(groups);
  usePageSettled(true);
  useDocumentTitle(TRIAL_TEXTS.start);
  return (
    <div className="trial-new">
      <PageHeader crumbs={[]} title={TRIAL_TEXTS.start}>
        <p className="page-subtitle">
          Try Ultimate free for {Number(trialDays) || TRIAL_DAYS} days. When the trial ends the group is on
          the Free plan again, and nothing in it is lost.
        </p>
      </PageHeader>
      {error ? (
        <Alert variant="danger" testId="trial-error">
          {error}
        </Alert>
      ) : null}
      {choices.length === 0 ? (
        <EmptyState
          title="None of your groups can start a trial"
          description="A trial is for a top-level group on the Free plan that you own and that has not had one."
          testId="trial-none"
        />
      ) : (
        <form method="post" action={TRIALS_PATH} className="trial-form" data-testid="trial-form">
          <input type="hidden" name="authenticity_token" value={csrfToken ?? ''} />
          <label className="form-label" htmlFor="trial-namespace">
            Group
          </label>
          <select
            id="trial-namespace"
            name="namespace_id"
            className="input"
            defaultValue={choices.some((group) => String(group.id) === namespaceId) ? namespaceId : undefined}
            data-testid="trial-namespace"
          >
            {choices.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name} ({group.fullPath})
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-confirm" data-testid="trial-submit">
            Activate my trial
          </button>
        </form>
      )}
    </div>
  );
}
