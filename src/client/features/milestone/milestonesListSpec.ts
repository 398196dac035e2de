import type { ListQuerySpec } from '../../components/filters/index.ts';
import type { MilestoneSort } from '../../data/index.ts';

/** The sort options of GitLab's milestones list; the first is the default. */
export const MILESTONES_LIST_SPEC: ListQuerySpec<MilestoneSort> = {
  sorts: [
    { param: 'due_date_asc', value: 'DUE_DATE_ASC', label: 'Due soon' },
    { param: 'due_date_desc', value: 'DUE_DATE_DESC', label: 'Due later' },
    { param: 'created_desc', value: 'CREATED_DESC', label: 'Newest created' },
    { param: 'created_asc', value: 'CREATED_ASC', label: 'Oldest created' },
  ],
};
