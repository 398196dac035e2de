/** An administrator's direct assignment of a plan (GitLab's `POST`/`PUT /namespaces/:id/gitlab_subscription`). */
import { sendJson } from '../restJson.ts';

export interface PlanAssignment {
  readonly plan: string;
  readonly seats: number;
  /** `YYYY-MM-DD`. */
  readonly startDate: string;
  readonly endDate: string | null;
}

/** Creates the group's subscription, or changes the one on record; rejects with the server's reasons. */
export async function assignPlan(
  namespaceId: string,
  assignment: PlanAssignment,
  recorded: boolean,
): Promise<void> {
  await sendJson(
    recorded ? 'PUT' : 'POST',
    `/api/v4/namespaces/${encodeURIComponent(namespaceId)}/gitlab_subscription`,
    {
      plan_code: assignment.plan,
      seats: assignment.seats,
      start_date: assignment.startDate,
      end_date: assignment.endDate,
      // A plan assigned outright is no trial.
      trial: false,
    },
  );
}
