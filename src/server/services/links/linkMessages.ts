import { ConflictError, ForbiddenError, ServiceError } from '../errors.ts';

export type LinkedKind = 'epic' | 'issue';

/**
 * GitLab's messages of its issuable-link services (IssuableLinks::CreateService, EpicLinks,
 * EpicIssues, IssueLinks, Epics::RelatedEpicLinks) and of the models they save. One place for the
 * links feature; the tree's front end matches `hierarchyTooDeep` exactly (GitLab's related-items tree and `ee/app/models/ee/epic.rb`).
 */
export const LINK_MESSAGES = {
  notFound: (kind: LinkedKind) =>
    `No matching ${kind} found. Make sure that you are adding a valid ${kind} URL.`,
  alreadyAssigned: (kind: LinkedKind) => `${kind === 'epic' ? 'Epic' : 'Issue'}(s) already assigned`,
  /** What a link in one item's list cannot be added for: `<reference> cannot be added: <error>`. */
  cannotBeAdded: (reference: string, error: string) => `${reference} cannot be added: ${error}`,
  /** The historical depth message of the link endpoints, kept because the tree special-cases it. */
  hierarchyTooDeep: 'Epic hierarchy level too deep',
  confidentialEpicOfIssue:
    'Cannot assign a confidential epic to a non-confidential issue. Make the issue confidential and try again',
  issueOutsideEpicHierarchy:
    'Cannot assign an issue that does not belong under the same group (or descendant) as the epic.',
  relatedToItself: 'cannot be related to itself',
  /** REST epic_issues PUT (GitLab's epic_issues API): a 400 `{ message: { error: … } }`. */
  issueCouldNotBeMoved: 'Issue could not be moved!',
  epicCouldNotBeMoved: 'Epic could not be moved!',
  /** REST epic_issues POST /:issue_id when the issue is in this epic already (GitLab's epic_issues API). */
  issueAlreadyAssigned: 'Issue already assigned',
  /** A `blocks` or `is_blocked_by` link where the plan lacks blocking issues (Premium and up). */
  blockedIssuesUnlicensed: 'Blocked issues not available for current license',
} as const;

/** A reference that names nothing the actor may link: GitLab's 404 with its not-found message. */
export class LinkTargetNotFoundError extends ServiceError {
  constructor(readonly linkedKind: LinkedKind) {
    super('not_found', LINK_MESSAGES.notFound(linkedKind));
  }
}

/**
 * A link the epic hierarchy rules refuse (depth, child count, cycle, group, confidentiality): a
 * 409 with the rule's message (epicRules.ts). `tooDeep` lets the tree's UI endpoints answer the
 * historical 'Epic hierarchy level too deep' that GitLab's front end recognises.
 */
export class EpicHierarchyError extends ConflictError {
  constructor(
    message: string,
    readonly tooDeep: boolean,
  ) {
    super(message);
  }
}

/** A link its model refuses (GitLab's 422 `<reference> cannot be added: <error>`). */
export class LinkInvalidError extends ServiceError {
  constructor(message: string) {
    super('invalid', message);
  }
}

/** A REST move the tree cannot make (a sibling that is not one): GitLab's 400 `{ message: { error } }`. */
export class LinkMoveError extends ServiceError {
  constructor(message: string) {
    super('invalid', message);
  }
}

/**
 * A link type the plan does not sell: GitLab's 403 with the bare message (`render_api_error!`), not
 * the usual `403 Forbidden - …`.
 */
export class LinkUnlicensedError extends ForbiddenError {}
