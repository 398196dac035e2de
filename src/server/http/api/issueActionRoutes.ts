import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerDeps } from '../../serverDeps.ts';
import type { IssueInProject } from '../../services/issueService.ts';
import { destroyIssue } from '../../services/issues/issueDestroy.ts';
import { requireSignedIn } from '../../services/links/linkViews.ts';
import { issueParticipants } from '../../services/participantService.ts';
import { isSubscribedToIssue, setIssueSubscription } from '../../services/subscriptionService.ts';
import { addIssueTodo } from '../../services/todoService.ts';
import { uploadStoreOf } from '../../services/uploads/uploadStore.ts';
import { readableIssueOfApiPath } from './issueApiParams.ts';
import { presentIssues } from './issueJson.ts';
import { userBasicJson } from './presenters.ts';
import { issueTodoJson } from './todoJson.ts';

/**
 * GitLab's per-issue REST actions (`@gitbeaker/rest`'s `Issues.remove`, `subscribe`, `unsubscribe`,
 * `createTodo`, `allParticipants`), all under `/api/v4/projects/:id/issues/:issue_iid`:
 *
 * DELETE              project Owners and administrators; 204. 403 otherwise.
 * POST …/subscribe    the issue with `subscribed: true`; 304 when the caller already was.
 * POST …/unsubscribe  the issue with `subscribed: false`; 304 when the caller was not.
 * POST …/todo         201 with the caller's new "marked" to-do; 304 when one is pending already.
 * GET  …/participants the users who take part (author, assignees, commenters) the caller may see.
 *
 * Every route: 401 anonymous for writes, 404 for a project or issue the caller cannot read.
 */
export function registerIssueActionRoutes(app: FastifyInstance, { db, config, now }: ServerDeps): void {
  const files = uploadStoreOf(config);
  const prefix = '/api/v4/projects/:id/issues/:issue_iid';
  const issueJson = async (request: FastifyRequest, located: IssueInProject, subscribed: boolean) => {
    const [json] = await presentIssues(db, [located.issue], {
      access: request.access,
      externalUrl: config.externalUrl,
      now: now(),
      subscribed,
    });
    if (!json) throw new Error(`issue ${located.issue.id} was not presented`);
    return json;
  };

  app.delete(prefix, async (request, reply) => {
    requireSignedIn(request.access);
    await destroyIssue(db, request.access, await readableIssueOfApiPath(db, request), files);
    return reply.code(204).send();
  });

  const subscription = (subscribed: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    requireSignedIn(request.access);
    const located = await readableIssueOfApiPath(db, request);
    if ((await isSubscribedToIssue(db, request.actor, located.issue)) === subscribed) {
      return reply.code(304).send();
    }
    await setIssueSubscription(db, request.access, located.issue, subscribed);
    return reply.code(201).send(await issueJson(request, located, subscribed));
  };
  app.post(`${prefix}/subscribe`, subscription(true));
  app.post(`${prefix}/unsubscribe`, subscription(false));

  app.post(`${prefix}/todo`, async (request, reply) => {
    requireSignedIn(request.access);
    const located = await readableIssueOfApiPath(db, request);
    const { todo, created } = await addIssueTodo(db, request.access, located, now());
    if (!created) return reply.code(304).send();
    const target = await issueJson(
      request,
      located,
      await isSubscribedToIssue(db, request.actor, located.issue),
    );
    // A to-do the caller marks is their own: they are its author.
    const author = request.actor.user;
    if (!author) throw new Error('a signed-in caller was expected');
    return reply.code(201).send(issueTodoJson(todo, located, author, target, config.externalUrl));
  });

  app.get(`${prefix}/participants`, async (request) => {
    const located = await readableIssueOfApiPath(db, request);
    const users = await issueParticipants(db, request.access, located);
    return users.map((user) => userBasicJson(user, config.externalUrl));
  });
}
