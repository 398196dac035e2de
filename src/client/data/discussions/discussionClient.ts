/**
 * The activity section's endpoints under an epic or issue page path (the server's
 * src/server/http/discussions/discussionRoutes.ts has the shapes). The JSON is the contract of
 * core/domain/discussions.ts; each call answers a Result so that the caller shows the server's message.
 */
import type {
  DiscussionJson,
  DiscussionPageJson,
  IssuableAwardsJson,
  NoteablePermissionsJson,
  NoteChangesJson,
  NoteJson,
} from '../../../core/domain/discussions.ts';
import { err, ok, type Result } from '../../../core/lib/result.ts';
import { csrfHeaders, jsonWriteHeaders } from '../csrf.ts';
import { errorsOf } from '../issuables/issuableRest.ts';

export interface DiscussionsPage {
  readonly discussions: readonly DiscussionJson[];
  readonly nextCursor: string | null;
  readonly permissions: NoteablePermissionsJson;
  readonly fetchedAt: string;
}

export type PollAnswer =
  | { readonly kind: 'changed'; readonly changes: NoteChangesJson; readonly etag: string | null }
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'stopped' };

/** What the server said of a comment's quick actions. */
export interface QuickActionsStatus {
  readonly messages: readonly string[];
  readonly errorMessages: readonly string[];
}

export interface CreatedNote {
  /** null when the comment held only quick actions. */
  readonly note: NoteJson | null;
  readonly quickActions: QuickActionsStatus;
  /** What the quick actions changed, by GitLab's names (`emoji_award` for `/react`). */
  readonly commandsChanges: Readonly<Record<string, unknown>>;
}

export type WriteAnswer<T> = Result<T, string>;

const FAILED = 'Something went wrong. Please try again.';

async function failureOf(response: Response): Promise<string> {
  const body: unknown = await response.json().catch(() => null);
  return errorsOf(body)[0] ?? FAILED;
}

async function send<T>(
  method: string,
  url: string,
  body: unknown,
  read: (json: unknown, status: number) => T,
): Promise<WriteAnswer<T>> {
  try {
    const response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { ...csrfHeaders(), Accept: 'application/json' }
          : { ...jsonWriteHeaders(), Accept: 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) return err(await failureOf(response));
    const json: unknown = response.status === 204 ? null : await response.json();
    return ok(read(json, response.status));
  } catch {
    return err(FAILED);
  }
}

function quickActionsOf(json: unknown): QuickActionsStatus {
  const status = (json as { quick_actions_status?: { messages?: unknown; error_messages?: unknown } } | null)
    ?.quick_actions_status;
  const strings = (value: unknown) =>
    Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
  return { messages: strings(status?.messages), errorMessages: strings(status?.error_messages) };
}

function commandsChangesOf(json: unknown): Record<string, unknown> {
  const changes = (json as { commands_changes?: unknown } | null)?.commands_changes;
  return changes !== null && typeof changes === 'object' ? (changes as Record<string, unknown>) : {};
}

export function createDiscussionClient(itemPath: string) {
  return {
    async page(cursor: string | null, signal: AbortSignal): Promise<DiscussionsPage> {
      const query = cursor === null ? '' : `?cursor=${encodeURIComponent(cursor)}`;
      const response = await fetch(`${itemPath}/discussions.json${query}`, {
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
        signal,
      });
      if (!response.ok) throw new Error(`discussions answered ${response.status}`);
      const body = (await response.json()) as DiscussionPageJson;
      return {
        discussions: body.discussions,
        nextCursor: body.next_cursor,
        permissions: body.permissions,
        fetchedAt: body.last_fetched_at,
      };
    },

    async poll(lastFetchedAt: string | null, etag: string | null, signal: AbortSignal): Promise<PollAnswer> {
      const query = lastFetchedAt === null ? '' : `?last_fetched_at=${encodeURIComponent(lastFetchedAt)}`;
      const response = await fetch(`${itemPath}/notes.json${query}`, {
        credentials: 'same-origin',
        headers: { Accept: 'application/json', ...(etag ? { 'If-None-Match': etag } : {}) },
        signal,
      });
      if (response.status === 304) return { kind: 'unchanged' };
      if (response.headers.get('Poll-Interval') === '-1') return { kind: 'stopped' };
      if (!response.ok) throw new Error(`notes answered ${response.status}`);
      return {
        kind: 'changed',
        changes: (await response.json()) as NoteChangesJson,
        etag: response.headers.get('ETag'),
      };
    },

    create(input: {
      note: string;
      internal: boolean;
      discussionId?: string;
      startThread?: boolean;
    }): Promise<WriteAnswer<CreatedNote>> {
      return send(
        'POST',
        `${itemPath}/notes`,
        {
          note: { note: input.note, internal: input.internal },
          ...(input.discussionId ? { discussion_id: input.discussionId } : {}),
          ...(input.startThread ? { start_thread: true } : {}),
        },
        (json, status) => ({
          note:
            status === 201 && json !== null && typeof json === 'object' && 'id' in json
              ? (json as NoteJson)
              : null,
          quickActions: quickActionsOf(json),
          commandsChanges: commandsChangesOf(json),
        }),
      );
    },

    update(noteId: number, note: string): Promise<WriteAnswer<NoteJson>> {
      return send('PUT', `${itemPath}/notes/${noteId}`, { note: { note } }, (json) => json as NoteJson);
    },

    remove(noteId: number): Promise<WriteAnswer<null>> {
      return send('DELETE', `${itemPath}/notes/${noteId}`, undefined, () => null);
    },

    resolve(discussionId: string, resolved: boolean): Promise<WriteAnswer<DiscussionJson>> {
      return send(
        resolved ? 'POST' : 'DELETE',
        `${itemPath}/discussions/${discussionId}/resolve`,
        undefined,
        (json) => json as DiscussionJson,
      );
    },

    toggleAward(noteId: number, name: string): Promise<WriteAnswer<boolean>> {
      return send(
        'POST',
        `${itemPath}/notes/${noteId}/toggle_award_emoji`,
        { name },
        (json) => (json as { toggled_on: boolean }).toggled_on,
      );
    },

    /** The item's own reactions (not its notes'), and whether the reader may react. */
    async itemAwards(signal: AbortSignal): Promise<IssuableAwardsJson> {
      const response = await fetch(`${itemPath}/award_emoji.json`, {
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
        signal,
      });
      if (!response.ok) throw new Error(`award_emoji answered ${response.status}`);
      return (await response.json()) as IssuableAwardsJson;
    },

    toggleItemAward(name: string): Promise<WriteAnswer<boolean>> {
      return send(
        'POST',
        `${itemPath}/toggle_award_emoji`,
        { name },
        (json) => (json as { toggled_on: boolean }).toggled_on,
      );
    },

    async descriptionDiff(versionId: number): Promise<WriteAnswer<string>> {
      try {
        const response = await fetch(`${itemPath}/descriptions/${versionId}/diff`, {
          credentials: 'same-origin',
          headers: { Accept: 'application/json' },
        });
        if (!response.ok) return err(await failureOf(response));
        return ok(((await response.json()) as { html: string }).html);
      } catch {
        return err(FAILED);
      }
    },
  };
}

export type DiscussionClient = ReturnType<typeof createDiscussionClient>;
