import type { FastifyInstance } from 'fastify';
import { NOTE_MAX_LENGTH } from '../../../core/domain/discussions.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import {
  createNote,
  deleteNote,
  findDiscussion,
  findNote,
  findReadableNoteOfDiscussion,
  listDiscussionOffsetPage,
  listNotePage,
  setDiscussionResolved,
  updateNote,
} from '../../services/discussions/discussionService.ts';
import { submitNote } from '../../services/discussions/submitNote.ts';
import { requireSignedIn } from '../../services/links/linkViews.ts';
import { discussionApiJson, noteApiJson } from './noteApiJson.ts';
import {
  discussionIdParam,
  EPIC_PATH,
  epicPolicyOf,
  ISSUE_PATH,
  issuePolicyOf,
  noteIdParam,
  type PolicyOfRequest,
} from './noteableApiPaths.ts';
import { setPaginationHeaders } from './pagination.ts';
import {
  bodyParams,
  offsetPage,
  optionalBoolean,
  optionalEnum,
  ParamError,
  type Params,
  requiredString,
} from './params.ts';

/** `internal`, or the deprecated `confidential` it overrides when both are sent. */
function internalOf(body: Params): boolean | undefined {
  return optionalBoolean(body, 'internal') ?? optionalBoolean(body, 'confidential');
}

const bodyOf = (body: Params) => requiredString(body, 'body', NOTE_MAX_LENGTH);

/**
 * GitLab's notes and discussions REST APIs for issues (`/projects/:id/issues/:issue_iid`) and epics
 * (`/groups/:id/epics/:epic_id`, the epic's global id), thin over services/discussions:
 *
 * GET    <item>/notes                    standalone comments and system notes (not the notes of
 *        threads), `sort` asc|desc (desc), `order_by` created_at|updated_at, 20 per page
 * GET    <item>/notes/:note_id           one note; POST <item>/notes { body, internal } → 201
 * PUT    <item>/notes/:note_id           { body } → 200; DELETE → 204
 * GET    <item>/discussions              discussions in the order they started, 20 per page
 * GET    <item>/discussions/:id          one; POST <item>/discussions { body, internal } → 201, a thread
 * PUT    <item>/discussions/:id          { resolved } → 200, the thread resolved or reopened
 * POST   <item>/discussions/:id/notes    { body } → 201, a reply
 * PUT    <item>/discussions/:id/notes/:note_id { body } → 200; DELETE → 204
 *
 * Readers only (404 otherwise, the same for missing and hidden, internal notes for Reporters and
 * up); writes need a signed-in user (401) allowed by the item's policy (403); bad input is a 400.
 */
export function registerNoteApiRoutes(app: FastifyInstance, { db, config }: ServerDeps): void {
  const bases: [string, PolicyOfRequest][] = [
    [ISSUE_PATH, issuePolicyOf(db)],
    [EPIC_PATH, epicPolicyOf(db, 'id')],
  ];
  const { externalUrl } = config;

  for (const [base, policyOf] of bases) {
    app.get(`${base}/notes`, async (request, reply) => {
      const query = request.query as Params;
      const page = offsetPage(query);
      const order = {
        column: optionalEnum(query, 'order_by', ['created_at', 'updated_at'] as const) ?? 'created_at',
        direction: optionalEnum(query, 'sort', ['asc', 'desc'] as const) ?? 'desc',
      };
      const policy = await policyOf(request);
      const { notes, total } = await listNotePage(db, request.access, policy, order, {
        offset: page.offset,
        limit: page.perPage,
      });
      setPaginationHeaders(request, reply, externalUrl, page, total);
      return notes.map((note) => noteApiJson(note, policy, externalUrl));
    });

    app.get(`${base}/notes/:note_id`, async (request) => {
      const noteId = noteIdParam(request);
      const policy = await policyOf(request);
      return noteApiJson(await findNote(db, request.access, policy, noteId), policy, externalUrl);
    });

    app.post(`${base}/notes`, async (request, reply) => {
      requireSignedIn(request.access);
      const body = bodyParams(request);
      const input = { body: bodyOf(body), internal: internalOf(body) };
      const policy = await policyOf(request);
      // Quick actions run first; a body made only of them adds no note (GitLab answers 202).
      const submitted = await submitNote(db, request.access, policy, input);
      const commands = { commands_changes: submitted.commandsChanges };
      if (!submitted.note) return reply.code(202).send(commands);
      return reply.code(201).send({ ...noteApiJson(submitted.note, policy, externalUrl), ...commands });
    });

    app.put(`${base}/notes/:note_id`, async (request) => {
      requireSignedIn(request.access);
      const noteId = noteIdParam(request);
      const text = bodyOf(bodyParams(request));
      const policy = await policyOf(request);
      return noteApiJson(await updateNote(db, request.access, policy, noteId, text), policy, externalUrl);
    });

    app.delete(`${base}/notes/:note_id`, async (request, reply) => {
      requireSignedIn(request.access);
      const noteId = noteIdParam(request);
      await deleteNote(db, request.access, await policyOf(request), noteId);
      return reply.code(204).send();
    });

    app.get(`${base}/discussions`, async (request, reply) => {
      const page = offsetPage(request.query as Params);
      const policy = await policyOf(request);
      const { discussions, total } = await listDiscussionOffsetPage(db, request.access, policy, {
        offset: page.offset,
        limit: page.perPage,
      });
      setPaginationHeaders(request, reply, externalUrl, page, total);
      return discussions.map((discussion) => discussionApiJson(discussion, policy, externalUrl));
    });

    app.get(`${base}/discussions/:discussion_id`, async (request) => {
      const discussionId = discussionIdParam(request);
      const policy = await policyOf(request);
      const discussion = await findDiscussion(db, request.access, policy, discussionId);
      return discussionApiJson(discussion, policy, externalUrl);
    });

    app.post(`${base}/discussions`, async (request, reply) => {
      requireSignedIn(request.access);
      const body = bodyParams(request);
      const input = { body: bodyOf(body), internal: internalOf(body), startThread: true };
      const policy = await policyOf(request);
      const note = await createNote(db, request.access, policy, input);
      const discussion = await findDiscussion(db, request.access, policy, note.row.discussion_id);
      return reply.code(201).send(discussionApiJson(discussion, policy, externalUrl));
    });

    app.put(`${base}/discussions/:discussion_id`, async (request) => {
      requireSignedIn(request.access);
      const discussionId = discussionIdParam(request);
      const resolved = optionalBoolean(bodyParams(request), 'resolved');
      if (resolved === undefined) throw new ParamError('resolved is missing');
      const policy = await policyOf(request);
      const discussion = await setDiscussionResolved(db, request.access, policy, discussionId, resolved);
      return discussionApiJson(discussion, policy, externalUrl);
    });

    app.post(`${base}/discussions/:discussion_id/notes`, async (request, reply) => {
      requireSignedIn(request.access);
      const discussionId = discussionIdParam(request);
      const text = bodyOf(bodyParams(request));
      const policy = await policyOf(request);
      const note = await createNote(db, request.access, policy, { body: text, discussionId });
      return reply.code(201).send(noteApiJson(note, policy, externalUrl));
    });

    app.put(`${base}/discussions/:discussion_id/notes/:note_id`, async (request) => {
      requireSignedIn(request.access);
      const discussionId = discussionIdParam(request);
      const noteId = noteIdParam(request);
      const text = bodyOf(bodyParams(request));
      const policy = await policyOf(request);
      await findReadableNoteOfDiscussion(db, policy, discussionId, noteId);
      return noteApiJson(await updateNote(db, request.access, policy, noteId, text), policy, externalUrl);
    });

    app.delete(`${base}/discussions/:discussion_id/notes/:note_id`, async (request, reply) => {
      requireSignedIn(request.access);
      const discussionId = discussionIdParam(request);
      const noteId = noteIdParam(request);
      const policy = await policyOf(request);
      await findReadableNoteOfDiscussion(db, policy, discussionId, noteId);
      await deleteNote(db, request.access, policy, noteId);
      return reply.code(204).send();
    });
  }
}
