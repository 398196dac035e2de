import { useCallback, useEffect, useState } from 'react';
import {
  fetchIssueTemplate,
  fetchIssueTemplates,
  type IssueTemplate,
  type IssueTemplateSummary,
} from './issueTemplatesRest.ts';

/** A project's issue templates as a form shows them; `fetchTemplate` reads one's content. */
export interface IssueTemplates {
  readonly templates: readonly IssueTemplateSummary[];
  readonly loading: boolean;
  /** The list could not be read: the form goes on without templates (spec: "the form opens even if that load fails"). */
  readonly failed: boolean;
  readonly reload: () => void;
  readonly fetchTemplate: (name: string, signal?: AbortSignal) => Promise<IssueTemplate>;
}

/**
 * The names of the project's issue description templates, read once per mount (and on `reload`);
 * for the new-issue page, the templates page and, later, the issue edit form.
 */
export function useIssueTemplates(projectId: string | number): IssueTemplates {
  const [state, setState] = useState({
    templates: [] as readonly IssueTemplateSummary[],
    loading: true,
    failed: false,
  });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true, failed: false }));
    // The generation only restarts this effect.
    void generation;
    fetchIssueTemplates(projectId, controller.signal).then(
      (templates) => setState({ templates, loading: false, failed: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        setState({ templates: [], loading: false, failed: true });
      },
    );
    return () => controller.abort();
  }, [projectId, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const fetchTemplate = useCallback(
    (name: string, signal?: AbortSignal) => fetchIssueTemplate(projectId, name, signal),
    [projectId],
  );
  return { ...state, reload, fetchTemplate };
}
