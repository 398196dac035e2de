export { ActivitySection } from './ActivitySection.tsx';
export { IssuableAwards } from './IssuableAwards.tsx';
export { useIssuableAwards } from './useIssuableAwards.ts';
