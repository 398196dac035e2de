import type { Executor } from '../../db/executor.ts';
import type { LabelRow } from '../../db/schema.ts';
import type { AccessContext } from '../../services/access.ts';
import type { LabelOwner } from '../../services/labelAdminService.ts';
import { labelDetails } from '../../services/labelViewService.ts';
import { labelJson } from './presenters.ts';

/** Labels as GitLab's group and project label routes answer them: subscribed, priority, counts. */
export async function presentLabels(
  db: Executor,
  access: AccessContext,
  owner: LabelOwner,
  labels: readonly LabelRow[],
  options: { readonly withCounts: boolean },
) {
  const details = await labelDetails(db, access, owner, labels, options);
  return labels.map((label) => labelJson(label, details.get(label.id)));
}

/** One label, as the single-label routes answer it (GitLab counts its issues there too). */
export async function presentLabel(db: Executor, access: AccessContext, owner: LabelOwner, label: LabelRow) {
  const [json] = await presentLabels(db, access, owner, [label], { withCounts: true });
  return json;
}
