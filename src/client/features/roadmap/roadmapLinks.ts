/** The new-epic page, returning to this roadmap as it is now (its path, filters and settings). */
export function newEpicHref(newEpicPath: string, search: string): string {
  const here = `${window.location.pathname}${search}`;
  return `${newEpicPath}?return_to=${encodeURIComponent(here)}`;
}

/** GitLab's epics documentation, where the epic page's empty Roadmap view points (spec). */
export { EPICS_DOCS_PATH } from '../../../core/domain/webPaths.ts';
