import type { Kysely } from 'kysely';
import type { CalendarDate } from '../../../../core/time/calendarDate.ts';
import type { Database, LabelRow, NamespaceRow } from '../../../db/schema.ts';
import type { LinkType } from '../../links/relatedLinkService.ts';

/** The state that the conditions of the commands issues and epics share read, carried by both. */
export interface ItemActionState {
  readonly labels: readonly LabelRow[];
  /** Some label exists for the item's group to take (GitLab's `find_labels.any?`). */
  readonly anyLabel: boolean;
  readonly pendingTodo: boolean;
  readonly subscribed: boolean;
  readonly today: CalendarDate;
}

/** What explaining a shared command needs beside the state. */
export interface ItemExplainContext {
  readonly db: Kysely<Database>;
}

/** The changes the shared commands save, named as both updateIssue and updateEpic take them. */
export interface ItemFieldChanges {
  readonly title?: string;
  readonly stateEvent?: 'close' | 'reopen';
  readonly confidential?: boolean;
  readonly addLabelIds?: readonly number[];
  readonly removeLabelIds?: readonly number[];
}

/** A link between this item and another, with the reference GitLab writes for the other. */
export interface LinkedItem {
  readonly linkId: number;
  readonly reference: string;
}

/**
 * An issue or an epic as the commands both know (state, title, labels, confidentiality, due date,
 * to-do, subscription, linked items) see it: the rights they check, which are the ones the item's
 * sidebar and cards check, and the item's own services that make each change.
 */
export interface ItemActionKind<
  Context extends Explain,
  Explain extends State & ItemExplainContext,
  State extends ItemActionState,
> {
  /** How the texts name the item: "Closes this issue." */
  readonly noun: 'issue' | 'epic';
  /** False for a new issue read before it exists: the commands that need a saved item stay text. */
  persisted(state: State): boolean;
  /** Changing the title and the state (issue: update_issue; epic: update_epic). */
  canUpdate(state: State): boolean;
  /** Setting labels, confidentiality and due date (issue: admin_issue; epic: update_epic). */
  canSetMetadata(state: State): boolean;
  /** The related-items card's right to link and unlink (admin_issue_link, admin_epic_relation). */
  canAdminLinks(state: State): boolean;
  isOpen(state: State): boolean;
  isConfidential(state: State): boolean;
  /** The group whose labels, and its ancestors', the label commands find. */
  labelGroup(context: Explain): NamespaceRow;
  save(context: Context, changes: ItemFieldChanges): Promise<void>;
  /** Replaces every label with these; none removes them all. */
  replaceLabels(context: Context, labels: readonly LabelRow[]): Promise<void>;
  setDueDate(context: Context, date: CalendarDate): Promise<void>;
  addTodo(context: Context): Promise<void>;
  markTodosDone(context: Context): Promise<void>;
  setSubscription(context: Context, subscribed: boolean): Promise<void>;
  addLinks(context: Context, references: readonly string[], linkType: LinkType): Promise<void>;
  /** The link to the item the params' first reference names; null when there is none. */
  linkedItem(context: Explain, params: string): Promise<LinkedItem | null>;
  removeLink(context: Context, linkId: number): Promise<void>;
}
