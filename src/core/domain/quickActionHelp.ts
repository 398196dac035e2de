/**
 * What the `/` autocomplete says about each quick action (GitLab's `desc` and `params` of its
 * QuickActions DSL), by the command's first name. Which commands a user may run on an item is the
 * server's to decide; this is only their help text.
 */

export type QuickActionNoun = 'issue' | 'epic';

type Text = string | ((noun: QuickActionNoun) => string);

const ISSUE_REFERENCE = '<#issue | group/project#issue | issue URL>';
const EPIC_REFERENCE = '<&epic | group&epic | Epic URL>';
const LABELS = '~label1 ~"label 2"';
const USERS = '@user1 @user2';
/** Linked-item commands name another item of the kind they are typed in. */
const SAME_KIND: Text = (noun) => (noun === 'epic' ? EPIC_REFERENCE : ISSUE_REFERENCE);

/** [description, params hint] by the command's first name; no hint when it takes no params. */
const HELP: Readonly<Record<string, readonly [Text, Text?]>> = {
  close: [(noun) => `Close this ${noun}`],
  reopen: [(noun) => `Reopen this ${noun}`],
  title: ['Change title', '<New title>'],
  label: ['Add labels', LABELS],
  unlabel: ['Remove all or specific labels', LABELS],
  relabel: ['Replace all labels', LABELS],
  confidential: [(noun) => `Make ${noun} confidential`],
  due: ['Set due date', '<in 2 days | this Friday | December 31st>'],
  remove_due_date: ['Remove due date'],
  assign: ['Assign', USERS],
  unassign: ['Remove all or specific assignees', USERS],
  milestone: ['Set milestone', '%"milestone"'],
  remove_milestone: ['Remove milestone'],
  lock: ['Lock the discussion'],
  unlock: ['Unlock the discussion'],
  weight: ['Set weight', '0, 1, 2, …'],
  clear_weight: ['Clear weight'],
  epic: ['Add to epic', EPIC_REFERENCE],
  remove_epic: ['Remove from epic'],
  todo: ['Add a to-do item'],
  done: ['Mark to-do item as done'],
  subscribe: ['Subscribe'],
  unsubscribe: ['Unsubscribe'],
  relate: [(noun) => `Mark this ${noun} as related to another ${noun}`, SAME_KIND],
  blocks: [(noun) => `Specifies that this ${noun} blocks other ${noun}s`, SAME_KIND],
  blocked_by: [(noun) => `Mark this ${noun} as blocked by other ${noun}s`, SAME_KIND],
  unlink: [(noun) => `Remove link with another ${noun}`, SAME_KIND],
  parent_epic: ['Set parent epic to an epic', EPIC_REFERENCE],
  remove_parent_epic: ['Remove parent epic from an epic'],
  child_epic: ['Add child epic to an epic', EPIC_REFERENCE],
  remove_child_epic: ['Remove child epic from an epic', EPIC_REFERENCE],
  zoom: ['Add Zoom meeting', '<Zoom URL>'],
  remove_zoom: ['Remove Zoom meeting'],
  publish: ['Publish to status page'],
  shrug: ['Append the comment with ¯\\＿(ツ)＿/¯', '<Comment>'],
  tableflip: ['Append the comment with (╯°□°)╯︵ ┻━┻', '<Comment>'],
};

export interface QuickActionHelp {
  readonly description: string;
  readonly params: string;
}

const textOf = (text: Text | undefined, noun: QuickActionNoun) =>
  typeof text === 'function' ? text(noun) : (text ?? '');

/** The help of the command first named `name`, as typed in an item of this kind; null if unknown. */
export function quickActionHelp(name: string, noun: QuickActionNoun): QuickActionHelp | null {
  const help = HELP[name];
  return help ? { description: textOf(help[0], noun), params: textOf(help[1], noun) } : null;
}
