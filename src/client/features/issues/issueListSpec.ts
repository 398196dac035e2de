import type { ListQuerySpec } from '../../components/filters/index.ts';
import type { IssueSort } from '../../data/index.ts';

/** The sort options of GitLab's issues list; the first is the default. */
export const ISSUE_LIST_SPEC: ListQuerySpec<IssueSort> = {
  sorts: [
    { param: 'created_date', value: 'CREATED_DESC', label: 'Created date' },
    { param: 'updated_desc', value: 'UPDATED_DESC', label: 'Updated date' },
    { param: 'due_date', value: 'DUE_DATE_ASC', label: 'Due date' },
    { param: 'title_asc', value: 'TITLE_ASC', label: 'Title' },
  ],
};
