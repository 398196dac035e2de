import type { PageMountInput } from '../../../core/pages/pageMount.ts';
import type { NamespaceRow } from '../../db/schema.ts';
import type { EpicPageState } from '../../services/epicPageService.ts';

/** The epic page's mount: its state and the paths its widgets call (a missing to-do or author is left out). */
export function epicMount(
  group: NamespaceRow,
  state: EpicPageState,
  groupNav: {
    readonly canReadBilling: boolean;
    readonly trialStatus: string;
    readonly canReadCycleAnalytics: boolean;
    readonly canReadVulnerabilities: boolean;
  },
): PageMountInput {
  const { paths, author } = state;
  return {
    page: 'epic',
    fullPath: group.full_path,
    groupPath: group.full_path,
    groupId: group.id,
    groupName: group.name,
    canCreateEpic: state.canCreate,
    ...groupNav,
    iid: state.iid,
    epicId: state.epicId,
    signedIn: state.signedIn,
    canUpdate: state.canUpdate,
    canDestroy: state.canDestroy,
    canCreate: state.canCreate,
    canAdmin: state.canAdmin,
    allowSubEpics: state.allowSubEpics,
    epicColorHighlight: state.epicColorHighlight,
    workItemsMvc2: state.workItemsMvc2,
    issueWeights: state.issueWeights,
    state: state.state,
    confidential: state.confidential,
    created: state.created,
    lockVersion: state.lockVersion,
    todoExists: state.todoExists,
    todoId: state.todoId,
    subscribed: state.subscribed,
    emailsDisabled: state.emailsDisabled,
    authorName: author?.name,
    authorUsername: author?.username,
    authorUrl: author?.url,
    startDateSourcingMilestoneTitle: state.startDateSourcingMilestoneTitle,
    dueDateSourcingMilestoneTitle: state.dueDateSourcingMilestoneTitle,
    endpoint: paths.endpoint,
    updateEndpoint: paths.updateEndpoint,
    todoPath: paths.todoPath,
    todoDeletePath: paths.todoDeletePath,
    listEpicsPath: paths.epicsWebUrl,
    epicsWebUrl: paths.epicsWebUrl,
    newEpicWebUrl: paths.newEpicWebUrl,
    labelsPath: paths.labelsPath,
    labelsWebUrl: paths.labelsWebUrl,
    markdownPreviewPath: paths.markdownPreviewPath,
    markdownDocsPath: paths.markdownDocsPath,
  };
}
