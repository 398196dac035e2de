/**
 * The work item's assignees, labels (with the MVC2 flag) and weight (with issue weights): the
 * sidebar kit's blocks, saved through workItemUpdate when the field loses focus or is applied.
 */
import { toGlobalId } from '../../../core/domain/gid.ts';
import { inviteMembersPath, projectIssuesPath } from '../../../core/domain/webPaths.ts';
import {
  AssigneesBlock,
  LabelsBlock,
  type LabelsState,
  WeightBlock,
} from '../../components/sidebar/index.ts';
import type { SidebarWriteResult, WorkItemChange, WorkItemView } from '../../data/index.ts';
import { WORK_ITEM_TEXT, workItemTypeTexts } from './workItemTexts.ts';

export interface WorkItemFlags {
  /** GitLab's work_items_mvc_2: assignees and labels show. */
  readonly workItemsMvc2: boolean;
  /** GitLab's issue weights: weight shows. */
  readonly issueWeights: boolean;
}

export function WorkItemAttributes({
  item,
  flags,
  update,
}: {
  item: WorkItemView;
  flags: WorkItemFlags;
  update: (change: WorkItemChange) => Promise<SidebarWriteResult>;
}) {
  const canSet = item.permissions.setWorkItemMetadata;
  const { updateFailed } = workItemTypeTexts(item.type.name);
  const projectPath = item.projectFullPath ?? '';
  // The project's group: its labels and its ancestors' are the ones offered.
  const groupPath = projectPath.split('/').slice(0, -1).join('/');
  const labels: LabelsState = {
    data: item.labels?.labels ?? null,
    loading: false,
    error: undefined,
    save: ({ add, remove }) =>
      update({ labelsWidget: { addLabelIds: [...add], removeLabelIds: [...remove] } }),
  };
  const assignees = item.assignees?.users ?? [];
  return (
    <div className="work-item-attributes">
      {flags.workItemsMvc2 && item.assignees ? (
        <AssigneesBlock
          block="work-item-assignees"
          title={WORK_ITEM_TEXT.assignees}
          canUpdate={canSet}
          loading={false}
          fetchError={undefined}
          assignees={assignees.map((user) => ({ ...user, key: user.id }))}
          multiple={item.assignees.multiple}
          noneText={WORK_ITEM_TEXT.unassigned}
          searchLabel={WORK_ITEM_TEXT.searchUsers}
          groupId={null}
          keyOf={(user) => toGlobalId('User', user.id)}
          save={(keys) => update({ assigneesWidget: { assigneeIds: [...keys] } })}
          errorText={updateFailed}
          valueTestId="work-item-assignees-value"
          inviteMembersPath={
            item.assignees.canInviteMembers ? inviteMembersPath('project', projectPath) : null
          }
        />
      ) : null}
      {flags.workItemsMvc2 && item.labels ? (
        <LabelsBlock
          labels={labels}
          labelsGroupPath={groupPath}
          canUpdate={canSet}
          listPath={projectIssuesPath(projectPath)}
          filterTitle={WORK_ITEM_TEXT.filterByLabel}
          collapsed={false}
        />
      ) : null}
      {flags.issueWeights && item.weight ? (
        <WeightBlock
          block="work-item-weight"
          state={{
            data: { value: item.weight.weight },
            loading: false,
            error: undefined,
            save: (weight) => update({ weightWidget: { weight } }),
          }}
          canUpdate={canSet}
          texts={{
            title: WORK_ITEM_TEXT.weight,
            label: WORK_ITEM_TEXT.weightLabel,
            invalid: WORK_ITEM_TEXT.weightInvalid,
            remove: WORK_ITEM_TEXT.removeWeight,
            error: updateFailed,
          }}
        />
      ) : null}
    </div>
  );
}
