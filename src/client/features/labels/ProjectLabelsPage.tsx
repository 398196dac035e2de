import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { LabelsPage } from './LabelsPage.tsx';

export type ProjectLabelsPageProps = PageMountOf<'project-labels'>;

/**
 * `/:project/-/labels`: the project's prioritized labels, then the others (its own and its groups',
 * marked); Reporters and up manage its own and order the priorities.
 */
export function ProjectLabelsPage({
  fullPath,
  projectId,
  projectName,
  groupFullPath,
  canAdminLabels,
  signedIn,
}: ProjectLabelsPageProps) {
  return (
    <LabelsPage
      kind="project"
      ownerId={projectId || fullPath}
      fullPath={fullPath}
      name={projectName}
      groupFullPath={groupFullPath}
      canAdminLabels={canAdminLabels}
      signedIn={signedIn}
    />
  );
}
