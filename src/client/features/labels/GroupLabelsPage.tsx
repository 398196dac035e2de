import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { LabelsPage } from './LabelsPage.tsx';

export type GroupLabelsPageProps = PageMountOf<'group-labels'>;

/** `/groups/:path/-/labels`: the group's labels and its parents'; Reporters and up manage its own. */
export function GroupLabelsPage({
  fullPath,
  groupId,
  groupName,
  canAdminLabels,
  signedIn,
}: GroupLabelsPageProps) {
  return (
    <LabelsPage
      kind="group"
      ownerId={groupId || fullPath}
      fullPath={fullPath}
      name={groupName}
      groupFullPath={fullPath}
      canAdminLabels={canAdminLabels}
      signedIn={signedIn}
    />
  );
}
