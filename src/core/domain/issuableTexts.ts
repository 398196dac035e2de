/**
 * Texts of the issuable edit flow that both the server and the client show, verbatim from the spec
 * (spec, "Work item and issuable form").
 */

/** A save whose lock_version is stale: someone else saved in between. */
export const CONCURRENT_EDIT_MESSAGE =
  'Someone edited the issue at the same time you did. Please check out the issue and make sure your changes will not unintentionally remove theirs.';

/** The flash notice after the epic page's delete form succeeds (GitLab's wording). */
export const EPIC_DELETED_NOTICE = 'The epic was successfully deleted.';

/** GitLab's answer when the delete form arrives without `destroy_confirm`. */
export const DESTROY_CONFIRMATION_MISSING = 'Destroy confirmation not provided for epic';
