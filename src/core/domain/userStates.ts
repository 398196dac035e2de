/** GitLab's user state for a banned account: it cannot sign in, and its issues are hidden. */
export const BANNED = 'banned';

/** The state of an account that signs in and works. */
export const ACTIVE = 'active';
