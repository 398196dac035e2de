import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerDeps } from '../../serverDeps.ts';
import type { AccessContext } from '../../services/access.ts';
import { describeVersionDiff } from '../../services/discussions/descriptionVersionService.ts';
import { type NoteablePolicy, noteablePolicy } from '../../services/discussions/noteable.ts';
import { findReadableEpic } from '../../services/epics/epicQueries.ts';
import { ParamError } from '../api/params.ts';
import { groupPathOf, groupScopedPatterns, projectScopedPatterns } from '../groupScopedRoutes.ts';
import { issuableJsonErrorHandler } from '../issuable/issuableErrors.ts';
import { issueOfPath, parseIid } from '../issuable/issuableParams.ts';

type AccessRequest = FastifyRequest & { access: AccessContext };

function versionIdOf(request: FastifyRequest): number {
  const { versionId } = request.params as { versionId: string };
  if (!/^\d{1,10}$/.test(versionId)) throw new ParamError('version id is invalid');
  return Number(versionId);
}

/**
 * GET <item>/descriptions/:versionId/diff → `{ html }`: the activity's 'Compare with previous
 * version' (GitLab's description diff), for readers of the epic or issue; 404 for anyone else and
 * for a version of another item, 400 for an id that is not a number.
 */
export function registerDescriptionVersionRoutes(app: FastifyInstance, { db }: ServerDeps): void {
  const issuePolicy = async (request: AccessRequest): Promise<NoteablePolicy> =>
    noteablePolicy(db, request.access, { type: 'Issue', located: await issueOfPath(db, request) });
  const epicPolicy = async (request: AccessRequest): Promise<NoteablePolicy> => {
    const { iid } = request.params as { iid: string };
    const found = await findReadableEpic(db, request.access, {
      groupPath: groupPathOf(request.params),
      iid: parseIid(iid),
    });
    return noteablePolicy(db, request.access, { type: 'Epic', ...found });
  };
  const bases: [string[], (request: AccessRequest) => Promise<NoteablePolicy>][] = [
    [projectScopedPatterns('issues/:iid'), issuePolicy],
    [groupScopedPatterns('epics/:iid'), epicPolicy],
  ];
  for (const [patterns, policyOf] of bases) {
    for (const base of patterns) {
      app.get(
        `${base}/descriptions/:versionId/diff`,
        { errorHandler: issuableJsonErrorHandler() },
        async (request) => {
          // The item first: to someone who may not read it, every id is the same 404.
          const policy = await policyOf(request);
          return describeVersionDiff(db, policy, versionIdOf(request));
        },
      );
    }
  }
}
