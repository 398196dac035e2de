/**
 * The JSON shapes and helpers of the environments and deployments REST suite
 * (tests/integration/deploymentsRest.test.ts).
 */
import type { Person } from './epicSidebar.ts';

/** A commit sha of one repeated hex digit. */
export const SHA = (digit: string) => digit.repeat(40);

export type Who = Person | 'anonymous' | 'maintainer';

export interface UserJson {
  id: number;
  username: string;
}
export interface EnvironmentJson {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  external_url: string | null;
  state: string;
  tier: string;
  created_at: string;
  updated_at: string;
  auto_stop_setting: string;
  last_deployment?: DeploymentJson | null;
  [field: string]: unknown;
}
export interface ApprovalJson {
  user: UserJson;
  status: string;
  created_at: string;
  comment: string | null;
}
export interface DeploymentJson {
  id: number;
  iid: number;
  ref: string;
  sha: string;
  status: string;
  created_at: string;
  updated_at: string;
  user: UserJson | null;
  environment?: { id: number; name: string; external_url: string | null };
  deployable: null;
  pending_approval_count: number;
  approvals: ApprovalJson[];
  approval_summary?: {
    rules: {
      user_id: number | null;
      group_id: number | null;
      access_level: number | null;
      access_level_description: string;
      required_approvals: number;
      deployment_approvals: ApprovalJson[];
    }[];
  };
}
export interface EntryJson {
  id: number;
  access_level: number | null;
  access_level_description: string;
  user_id: number | null;
  group_id: number | null;
  group_inheritance_type: number;
  required_approvals?: number;
}
export interface ProtectedEnvironmentJson {
  name: string;
  deploy_access_levels: EntryJson[];
  required_approval_count: number;
  approval_rules: EntryJson[];
}

/** Strictly increasing milliseconds: two events of one test never share an instant. */
export function monotonicClock(): () => Date {
  let last = 0;
  return () => {
    last = Math.max(Date.now(), last + 1);
    return new Date(last);
  };
}
