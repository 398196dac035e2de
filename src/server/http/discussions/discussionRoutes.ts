import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DISCUSSIONS_PER_PAGE,
  MAX_DISCUSSIONS_PER_PAGE,
  NOTE_MAX_LENGTH,
} from '../../../core/domain/discussions.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import { awardableOf, toggleAward } from '../../services/discussions/awardService.ts';
import {
  deleteNote,
  discussionStamp,
  listDiscussions,
  notesChangedSince,
  setDiscussionResolved,
  updateNote,
} from '../../services/discussions/discussionService.ts';
import { type SubmittedNote, submitNote } from '../../services/discussions/submitNote.ts';
import { MARKDOWN_RENDERER_VERSION } from '../../services/markdown/markdownRenderer.ts';
import {
  bodyParams,
  nested,
  optionalBoolean,
  optionalInteger,
  optionalString,
  optionalTime,
  ParamError,
  requiredString,
} from '../api/params.ts';
import { issuableJsonErrorHandler } from '../issuable/issuableErrors.ts';
import { etagMatches } from '../issuable/issuableJson.ts';
import { stopPollingOnFailure } from '../issuable/realtimeChanges.ts';
import { noteableRouteBases } from './noteableRouteBases.ts';
import { discussionJson, noteablePermissionsJson, noteJson } from './noteJson.ts';

/** How often the activity asks for new notes, in milliseconds (as realtime_changes). */
const NOTES_POLL_INTERVAL_MS = 3000;

function noteIdOf(request: FastifyRequest): number {
  const { noteId } = request.params as { noteId: string };
  if (!/^\d{1,10}$/.test(noteId)) throw new ParamError('note id is invalid');
  return Number(noteId);
}

function discussionIdOf(request: FastifyRequest): string {
  const { discussionId } = request.params as { discussionId: string };
  if (!/^[0-9a-f]{40}$/.test(discussionId)) throw new ParamError('discussion id is invalid');
  return discussionId;
}

/** The note text of a form: GitLab's `note[note]`, or a plain `note`/`body`. */
function noteText(fields: Record<string, unknown>): string {
  const note = fields.note;
  if (note !== null && typeof note === 'object')
    return requiredString(nested(fields, 'note'), 'note', NOTE_MAX_LENGTH);
  if (fields.body !== undefined) return requiredString(fields, 'body', NOTE_MAX_LENGTH);
  return requiredString(fields, 'note', NOTE_MAX_LENGTH);
}

function noteInternal(fields: Record<string, unknown>): boolean | undefined {
  if (fields.note !== null && typeof fields.note === 'object') {
    const inner = optionalBoolean(nested(fields, 'note'), 'internal');
    if (inner !== undefined) return inner;
  }
  return optionalBoolean(fields, 'internal');
}

/** GitLab's report of a comment's quick actions, beside the note or alone. */
function quickActionsJson(submitted: SubmittedNote) {
  return {
    commands_changes: submitted.commandsChanges,
    quick_actions_status: {
      messages: submitted.messages,
      error_messages: submitted.errorMessages,
      command_names: submitted.commandNames,
    },
  };
}

/**
 * The activity section's endpoints under an epic or issue page path (`<item>` below), GitLab's page
 * JSON rather than its API (the API's notes and discussions are in http/api):
 *
 * GET    <item>/discussions.json?cursor=&per_page=  a page of discussions, oldest first, and what the
 *        reader may do ({ discussions, next_cursor, permissions, last_fetched_at }); readers only
 * GET    <item>/notes.json?last_fetched_at=         notes changed since ({ notes, notes_count,
 *        last_fetched_at }); ETag and 304 while nothing changed; Poll-Interval as realtime_changes
 * POST   <item>/notes                               { note: { note, internal }, discussion_id?,
 *        start_thread? } → 201 note with `commands_changes` and `quick_actions_status`
 *        ({ messages, error_messages, command_names }) for the body's quick actions; 202 with only
 *        those two when the body was nothing but quick actions (no note is added)
 * PUT    <item>/notes/:noteId                       { note: { note } } → 200 note
 * DELETE <item>/notes/:noteId                       → 204
 * POST   <item>/notes/:noteId/toggle_award_emoji    { name } → 200 { toggled_on }
 * POST   <item>/discussions/:discussionId/resolve   → 200 discussion; DELETE unresolves
 *
 * Failures are `{ errors: [...] }` with 400/401/403/404/422 (issuableErrors.ts); nothing changes.
 */
export function registerDiscussionRoutes(app: FastifyInstance, { db }: ServerDeps): void {
  for (const [patterns, policyOf] of noteableRouteBases(db)) {
    for (const base of patterns) {
      app.get(`${base}/discussions.json`, { errorHandler: issuableJsonErrorHandler() }, async (request) => {
        const query = request.query as Record<string, unknown>;
        const fetchedAt = request.access.now();
        const policy = await policyOf(request);
        const cursor = optionalString(query, 'cursor', 12);
        if (cursor !== undefined && !/^\d{1,10}$/.test(cursor)) throw new ParamError('cursor is invalid');
        const perPage =
          optionalInteger(query, 'per_page', 1, MAX_DISCUSSIONS_PER_PAGE) ?? DISCUSSIONS_PER_PAGE;
        const page = await listDiscussions(db, request.access, policy, {
          afterNoteId: cursor === undefined ? 0 : Number(cursor),
          perPage,
        });
        return {
          discussions: page.discussions.map(discussionJson),
          next_cursor: page.nextAfter === null ? null : String(page.nextAfter),
          permissions: noteablePermissionsJson(policy),
          // Where a poll starts: changes made while the pages load are picked up by the first poll.
          last_fetched_at: fetchedAt.toISOString(),
        };
      });

      app.get(
        `${base}/notes.json`,
        { errorHandler: issuableJsonErrorHandler(stopPollingOnFailure) },
        async (request, reply: FastifyReply) => {
          const query = request.query as Record<string, unknown>;
          const policy = await policyOf(request);
          const since = optionalTime(query, 'last_fetched_at') ?? new Date(0);
          const fetchedAt = request.access.now();
          // Notes render per reader (which references are links), so the reader is part of the tag.
          const reader = request.access.actor.user?.id ?? 'anonymous';
          const stamp = await discussionStamp(db, policy);
          const etag = `W/"${MARKDOWN_RENDERER_VERSION}:${reader}:${stamp}:${since.toISOString()}"`;
          reply
            .header('Poll-Interval', NOTES_POLL_INTERVAL_MS)
            .header('ETag', etag)
            .header('Cache-Control', 'private, no-cache');
          if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
          const changes = await notesChangedSince(db, request.access, policy, since);
          return {
            notes: changes.notes.map(noteJson),
            notes_count: changes.count,
            last_fetched_at: fetchedAt.toISOString(),
          };
        },
      );

      app.post(`${base}/notes`, { errorHandler: issuableJsonErrorHandler() }, async (request, reply) => {
        const fields = bodyParams(request);
        const body = noteText(fields);
        const internal = noteInternal(fields);
        const discussionId = optionalString(fields, 'discussion_id', 40);
        if (discussionId !== undefined && !/^[0-9a-f]{40}$/.test(discussionId)) {
          throw new ParamError('discussion_id is invalid');
        }
        const startThread = optionalBoolean(fields, 'start_thread');
        const policy = await policyOf(request);
        const submitted = await submitNote(db, request.access, policy, {
          body,
          internal,
          discussionId,
          startThread,
        });
        const status = quickActionsJson(submitted);
        if (!submitted.note) return reply.code(202).send(status);
        return reply.code(201).send({ ...noteJson(submitted.note), ...status });
      });

      app.put(`${base}/notes/:noteId`, { errorHandler: issuableJsonErrorHandler() }, async (request) => {
        const noteId = noteIdOf(request);
        const body = noteText(bodyParams(request));
        const policy = await policyOf(request);
        return noteJson(await updateNote(db, request.access, policy, noteId, body));
      });

      app.delete(
        `${base}/notes/:noteId`,
        { errorHandler: issuableJsonErrorHandler() },
        async (request, reply) => {
          const noteId = noteIdOf(request);
          await deleteNote(db, request.access, await policyOf(request), noteId);
          return reply.code(204).send();
        },
      );

      app.post(
        `${base}/notes/:noteId/toggle_award_emoji`,
        { errorHandler: issuableJsonErrorHandler() },
        async (request) => {
          const noteId = noteIdOf(request);
          const name = requiredString(bodyParams(request), 'name', 64);
          const policy = await policyOf(request);
          const awardable = await awardableOf(db, policy, { kind: 'note', noteId });
          const { toggledOn } = await toggleAward(db, request.access, policy, awardable, name);
          return { toggled_on: toggledOn };
        },
      );

      app.route({
        method: ['POST', 'DELETE'],
        url: `${base}/discussions/:discussionId/resolve`,
        errorHandler: issuableJsonErrorHandler(),
        handler: async (request) => {
          const discussionId = discussionIdOf(request);
          const policy = await policyOf(request);
          const resolved = request.method === 'POST';
          return discussionJson(
            await setDiscussionResolved(db, request.access, policy, discussionId, resolved),
          );
        },
      });
    }
  }
}
