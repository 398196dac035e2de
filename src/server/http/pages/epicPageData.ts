import type { NamespaceRow } from '../../db/schema.ts';
import type { EpicPageState } from '../../services/epicPageService.ts';
import { pageFlag as bool } from './pageFlag.ts';
import type { PageData } from './shell.ts';

/**
 * The epic page's mount attributes: the page state as strings (booleans "true"/"false"; a missing
 * to-do or author leaves its attributes out). Keys become `data-*` names (`todoPath` → `data-todo-path`).
 */
export function epicPageData(
  group: NamespaceRow,
  state: EpicPageState,
  base: { canCreateEpic: string },
): PageData {
  const { paths, author } = state;
  return {
    fullPath: group.full_path,
    groupPath: group.full_path,
    groupId: group.id,
    groupName: group.name,
    canCreateEpic: base.canCreateEpic,
    iid: state.iid,
    epicId: state.epicId,
    listEpicsPath: paths.epicsWebUrl,
    signedIn: bool(state.signedIn),
    canUpdate: bool(state.canUpdate),
    canDestroy: bool(state.canDestroy),
    canCreate: bool(state.canCreate),
    canAdmin: bool(state.canAdmin),
    allowSubEpics: bool(state.allowSubEpics),
    epicColorHighlight: bool(state.epicColorHighlight),
    state: state.state,
    confidential: bool(state.confidential),
    created: state.created,
    lockVersion: state.lockVersion,
    todoExists: bool(state.todoExists),
    todoId: state.todoId,
    subscribed: bool(state.subscribed),
    emailsDisabled: bool(state.emailsDisabled),
    authorName: author?.name,
    authorUsername: author?.username,
    authorUrl: author?.url,
    startDateSourcingMilestoneTitle: state.startDateSourcingMilestoneTitle,
    dueDateSourcingMilestoneTitle: state.dueDateSourcingMilestoneTitle,
    endpoint: paths.endpoint,
    updateEndpoint: paths.updateEndpoint,
    todoPath: paths.todoPath,
    todoDeletePath: paths.todoDeletePath,
    epicsWebUrl: paths.epicsWebUrl,
    newEpicWebUrl: paths.newEpicWebUrl,
    labelsPath: paths.labelsPath,
    labelsWebUrl: paths.labelsWebUrl,
    markdownPreviewPath: paths.markdownPreviewPath,
    markdownDocsPath: paths.markdownDocsPath,
  };
}
