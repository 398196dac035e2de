import type { DiscussionJson, NoteJson } from '../../../core/domain/discussions.ts';
import type { DiscussionClient } from '../../data/discussions/discussionClient.ts';

/** What the notes of the activity may ask for; answers are null on success or the message to show. */
export interface ActivityActions {
  readonly noun: string;
  readonly currentUsername: string | null;
  readonly canCreateNote: boolean;
  readonly client: DiscussionClient;
  readonly previewMarkdown: (text: string, signal: AbortSignal) => Promise<string>;
  readonly reply: (discussion: DiscussionJson, text: string) => Promise<string | null>;
  readonly edit: (note: NoteJson, text: string) => Promise<string | null>;
  readonly remove: (note: NoteJson) => Promise<string | null>;
  readonly toggleAward: (note: NoteJson, name: string) => void;
  readonly resolve: (discussion: DiscussionJson, resolved: boolean) => Promise<string | null>;
  /** An incident's comment becomes a timeline event; undefined where the reader may not do it. */
  readonly promoteToTimeline: ((note: NoteJson) => Promise<void>) | undefined;
}
