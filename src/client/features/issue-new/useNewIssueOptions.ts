import { useEffect, useState } from 'react';
import {
  fetchProjectMilestoneSuggestions,
  fetchUserSuggestions,
  type MilestoneSuggestion,
  type UserSuggestion,
} from '../../data/index.ts';

export interface NewIssueOptions {
  readonly users: readonly UserSuggestion[];
  readonly milestones: readonly MilestoneSuggestion[];
  readonly failed: boolean;
}

/**
 * The assignees (the group's members first) and the active milestones a new issue of the project may
 * take, read once when the form opens for someone who may set them.
 */
export function useNewIssueOptions(enabled: boolean, projectPath: string, groupId: string): NewIssueOptions {
  const [options, setOptions] = useState<NewIssueOptions>({ users: [], milestones: [], failed: false });
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    Promise.all([
      fetchUserSuggestions({ search: '', groupId: groupId || null }, controller.signal),
      fetchProjectMilestoneSuggestions({ projectPath, search: '' }, controller.signal),
    ]).then(
      ([users, milestones]) => setOptions({ users, milestones, failed: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        setOptions({ users: [], milestones: [], failed: true });
      },
    );
    return () => controller.abort();
  }, [enabled, projectPath, groupId]);
  return options;
}
