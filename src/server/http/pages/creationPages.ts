import type { FastifyInstance } from 'fastify';
import { type ProjectTargetJson, visibilityChoices } from '../../../core/domain/namespaceCreation.ts';
import { NEW_GROUP_PATH, NEW_PROJECT_PATH, signInPath } from '../../../core/domain/webPaths.ts';
import { NotFoundError } from '../../services/errors.ts';
import { findReadableGroup } from '../../services/groupService.ts';
import { projectTargetsOf, visibilityContextFor } from '../../services/namespaces/creationService.ts';
import { type PageDeps, sendNotFoundPage, sendPage } from './pageRoutes.ts';

/**
 * GitLab's `/groups/new` and `/projects/new`: the forms that make a group (a subgroup with
 * `?parent_id=`) and a project (`?namespace_id=` picks the group). Signed-in only; the forms post to
 * the REST API, which checks everything again.
 */
export function registerCreationPages(app: FastifyInstance, { db, assets, settings }: PageDeps): void {
  app.get(NEW_GROUP_PATH, async (request, reply) => {
    if (!request.actor.user) return reply.redirect(signInPath(request.url));
    const parentId = (request.query as Record<string, unknown>).parent_id;
    let parent = null;
    if (typeof parentId === 'string' && parentId !== '') {
      try {
        parent = await findReadableGroup(db, request.access, parentId);
      } catch (error) {
        if (error instanceof NotFoundError) return sendNotFoundPage(request, reply, assets);
        throw error;
      }
      if (!(await request.access.canInNamespace('create_subgroup', parent))) {
        return sendNotFoundPage(request, reply, assets);
      }
    }
    const context = await visibilityContextFor(request.access, settings, parent);
    const preferred = (await settings.current()).default_group_visibility;
    return sendPage(request, reply, assets, {
      title: parent ? `New subgroup · ${parent.full_name}` : 'New group',
      mount: {
        page: 'group-new',
        parentId: parent ? String(parent.id) : '',
        parentFullPath: parent?.full_path ?? '',
        parentName: parent?.full_name ?? '',
        visibility: JSON.stringify(visibilityChoices(preferred, context)),
      },
    });
  });

  app.get(NEW_PROJECT_PATH, async (request, reply) => {
    if (!request.actor.user) return reply.redirect(signInPath(request.url));
    const preferred = (await settings.current()).default_project_visibility;
    const groups: ProjectTargetJson[] = [];
    for (const group of await projectTargetsOf(db, request.access)) {
      groups.push({
        id: group.id,
        fullPath: group.full_path,
        fullName: group.full_name,
        visibility: visibilityChoices(preferred, await visibilityContextFor(request.access, settings, group)),
      });
    }
    const namespaceId = (request.query as Record<string, unknown>).namespace_id;
    return sendPage(request, reply, assets, {
      title: 'New project',
      mount: {
        page: 'project-new',
        groups: JSON.stringify(groups),
        namespaceId: typeof namespaceId === 'string' ? namespaceId : '',
      },
    });
  });
}
