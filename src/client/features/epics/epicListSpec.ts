import type { ListQuerySpec, ListState } from '../../components/filters/index.ts';
import type { EpicSort, EpicState } from '../../data/index.ts';

/** The sort options of GitLab's epics list; the first is the default. */
export const EPIC_LIST_SPEC: ListQuerySpec<EpicSort> = {
  sorts: [
    { param: 'created_date', value: 'CREATED_AT_DESC', label: 'Created date' },
    { param: 'updated_desc', value: 'UPDATED_AT_DESC', label: 'Last updated' },
    { param: 'start_date_asc', value: 'START_DATE_ASC', label: 'Start date' },
    { param: 'end_date_asc', value: 'END_DATE_ASC', label: 'Due date' },
    { param: 'title_asc', value: 'TITLE_ASC', label: 'Title' },
  ],
};

export const toEpicState = (state: ListState): EpicState => state;
