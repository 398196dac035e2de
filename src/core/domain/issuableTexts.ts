/**
 * Texts of the issuable edit flow that both the server and the client show, verbatim from the spec
 * (spec, "Work item and issuable form").
 */

/** A save whose lock_version is stale: someone else saved in between. */
export const CONCURRENT_EDIT_MESSAGE =
  'Someone edited the issue at the same time you did. Please check out the issue and make sure your changes will not unintentionally remove theirs.';

/** The flash notice after an issuable page's delete form succeeds (GitLab's wording). */
export const deletedNotice = (noun: 'epic' | 'issue'): string => `The ${noun} was successfully deleted.`;
export const EPIC_DELETED_NOTICE = deletedNotice('epic');
export const ISSUE_DELETED_NOTICE = deletedNotice('issue');

/** GitLab's answer when a delete arrives without `destroy_confirm`. */
export const destroyConfirmationMissing = (noun: 'epic' | 'issue'): string =>
  `Destroy confirmation not provided for ${noun}`;
