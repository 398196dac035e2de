export { ActivitySection } from './ActivitySection.tsx';
export { IssuableAwards } from './IssuableAwards.tsx';
export { REPLY_EVENT } from './markdownShortcuts.ts';
export { useIssuableAwards } from './useIssuableAwards.ts';
