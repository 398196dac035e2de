/** Breadcrumb trails built from full paths (`acme/platform/backend`), GitLab's URL scheme. */
import { groupPath, projectPath } from '../../../core/domain/webPaths.ts';

export interface Crumb {
  readonly label: string;
  readonly href: string;
}

/**
 * One crumb per group of the path. Names come from `fullName` ('Acme / Platform') when it has one
 * part per segment; otherwise the path segments are shown, except for the last group when its
 * `currentName` is known.
 */
export function groupCrumbs(
  fullPath: string,
  fullName?: string | null,
  currentName?: string | null,
): Crumb[] {
  const segments = fullPath.split('/').filter(Boolean);
  const names = fullName?.split(' / ') ?? [];
  const useNames = names.length === segments.length;
  return segments.map((segment, index) => {
    const isLast = index === segments.length - 1;
    const name = useNames ? names[index] : isLast ? currentName : undefined;
    return { label: name || segment, href: groupPath(segments.slice(0, index + 1).join('/')) };
  });
}

/**
 * The namespace crumbs of a project followed by the project itself. `projectFullName` is GitLab's
 * `nameWithNamespace` ('Acme / Handbook'); without it, path segments stand in for group names.
 */
export function projectCrumbs(
  projectFullPath: string,
  projectName: string,
  projectFullName?: string | null,
): Crumb[] {
  const segments = projectFullPath.split('/').filter(Boolean);
  const namespace = segments.slice(0, -1).join('/');
  const names = projectFullName?.split(' / ');
  const aligned = names !== undefined && names.length === segments.length;
  const name = aligned ? names[names.length - 1] : projectName;
  return [
    ...(namespace ? groupCrumbs(namespace, aligned ? names.slice(0, -1).join(' / ') : null) : []),
    {
      label: name || (segments[segments.length - 1] ?? projectFullPath),
      href: projectPath(projectFullPath),
    },
  ];
}
