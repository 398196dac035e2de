import type { IconName } from '../../ui/index.ts';

/** The icon of a system note by what it records (GitLab's system_note_metadata.action). */
const ICON_OF_ACTION: Readonly<Record<string, IconName>> = {
  title: 'pencil',
  description: 'pencil',
  label: 'label',
  milestone: 'milestone',
  assignee: 'user',
  due_date: 'calendar',
  start_date_or_due_date: 'calendar',
  weight: 'weight',
  confidential: 'eye',
  visible: 'eye',
  opened: 'stateOpen',
  reopened: 'stateOpen',
  closed: 'stateClosed',
  relate: 'link',
  unrelate: 'link',
  epic_issue_added: 'epic',
  epic_issue_removed: 'epic',
  epic_issue_moved: 'epic',
  issue_added_to_epic: 'epic',
  issue_removed_from_epic: 'epic',
  relate_to_parent: 'epic',
  unrelate_from_parent: 'epic',
  relate_to_child: 'epic',
  unrelate_from_child: 'epic',
  issue_changed_epic: 'epic',
  relate_epic: 'epic',
  unrelate_epic: 'epic',
  health_status: 'stateOpen',
  issue_type: 'issues',
  color: 'pencil',
  locked: 'lock',
  unlocked: 'lockOpen',
  lock: 'lock',
  unlock: 'lockOpen',
  timeline_event: 'clock',
  pinned_embed: 'link',
  published: 'link',
};

export function systemNoteIcon(action: string | null): IconName {
  return (action !== null ? ICON_OF_ACTION[action] : undefined) ?? 'comment';
}
