/** UI state: the only module tree that imports jotai. Server data stays in Apollo. */
export {
  type EpicSidebarCollapse,
  isSmallScreen,
  useCollapseBelowLargeScreens,
  useEpicSidebarCollapse,
} from './epicSidebarAtoms.ts';
export { bindLocation, type NavigateOptions, navigateSearch, useLocationSearch } from './locationAtoms.ts';
export { forgetNewEpic, pendingNewEpic, rememberNewEpic } from './newEpicHighlight.ts';
export { closeOverlays, isHelpOpen, toggleHelp, useHelpDialog, usePopover } from './overlayAtoms.ts';
export { type RoadmapTreeState, usePresentationMode, useRoadmapTreeState } from './roadmapAtoms.ts';
export { type SideNavState, useSideNav } from './sideNavAtoms.ts';
export { type AppStore, createAppStore, StateProvider } from './store.ts';
export { THEME_STORAGE_KEY, type Theme } from './theme.ts';
export { applyTheme, initialTheme, useTheme } from './themeAtoms.ts';
export { pushToast, type Toast, type ToastVariant, usePushToast, useToasts } from './toastAtoms.ts';
