import type { FastifyInstance } from 'fastify';
import { MAX_DESCRIPTION_LENGTH } from '../../../core/domain/epicRules.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import { updateIssue } from '../../services/issues/issueCommands.ts';
import { createIssueWithQuickActions } from '../../services/issues/issueCreateWithQuickActions.ts';
import { epicIdForNewIssue } from '../../services/links/issueCreateService.ts';
import { requireSignedIn } from '../../services/links/linkViews.ts';
import { findReadableProject } from '../../services/projectService.ts';
import { readableIssueOfApiPath } from './issueApiParams.ts';
import { presentIssues } from './issueJson.ts';
import { assertSomethingToUpdate, issueChangesOf, newIssueMetadataOf } from './issueUpdateParams.ts';
import { bodyParams, optionalBoolean, optionalInteger, optionalString, ParamError } from './params.ts';

/**
 * `POST /api/v4/projects/:id/issues` (GitLab's REST issues API, the part the tree's create-issue
 * form and the new-issue page call): title (required), description, confidential, issue_type
 * (`issue` | `incident`), labels (titles), milestone_id, assignee_ids (or assignee_id), weight,
 * due_date, and epic_id (the epic's global id) or the deprecated epic_iid (an epic of the project's
 * group). As in GitLab, the metadata is dropped without admin_issue and an incident becomes an issue
 * without create_incident (services/issues/newIssueMetadata.ts). 201 with the Issue;
 * 400 `{ error: 'title is missing' }` without a title, 400 `{ message: { field: [errors] } }` for
 * bad values; 401 anonymous, 403 without create_issue, 404 for a project or epic the caller cannot
 * see. The new issue goes to the top of the epic's children.
 *
 * `PUT /api/v4/projects/:id/issues/:issue_iid` edits one (issueUpdateParams.ts): title, description
 * and state_event need update_issue (Reporters and up, the author); everything else admin_issue
 * (Reporters and up). 200 with the Issue; 400 when nothing is named or a value is malformed; 401,
 * 403; 404 for an issue the caller cannot see; 409 on a stale lock_version; 422 for invalid values.
 */
export function registerIssueRoutes(app: FastifyInstance, { db, config, now }: ServerDeps): void {
  app.post('/api/v4/projects/:id/issues', async (request, reply) => {
    const { id } = request.params as { id: string };
    requireSignedIn(request.access);
    const body = bodyParams(request);
    if (body.title === undefined || body.title === null) throw new ParamError('title is missing');
    const located = await findReadableProject(db, request.access, id);
    let epicId = optionalInteger(body, 'epic_id', 1);
    const epicIid = optionalInteger(body, 'epic_iid', 1);
    if (epicId === undefined && epicIid !== undefined) epicId = await epicIdForNewIssue(db, located, epicIid);
    const issue = await createIssueWithQuickActions(db, request.access, located, {
      title: optionalString(body, 'title', 255 * 4),
      description: optionalString(body, 'description', MAX_DESCRIPTION_LENGTH),
      confidential: optionalBoolean(body, 'confidential'),
      epicId,
      weight: optionalInteger(body, 'weight'),
      dueDate: optionalString(body, 'due_date', 32),
      ...newIssueMetadataOf(body),
    });
    const [json] = await presentIssues(db, [issue], {
      access: request.access,
      externalUrl: config.externalUrl,
      now: now(),
    });
    return reply.code(201).send(json);
  });

  app.put('/api/v4/projects/:id/issues/:issue_iid', async (request) => {
    requireSignedIn(request.access);
    const changes = issueChangesOf(bodyParams(request));
    assertSomethingToUpdate(changes);
    const located = await readableIssueOfApiPath(db, request);
    const updated = await updateIssue(db, request.access, located, changes);
    const [json] = await presentIssues(db, [updated], {
      access: request.access,
      externalUrl: config.externalUrl,
      now: now(),
    });
    return json;
  });
}
