import { useId } from 'react';
import type {
  TodoFilterOption,
  TodoFilterOptionsView,
  TodoListFilters,
  TodoListType,
} from '../../data/index.ts';
import { ACTION_CHOICES, actionText, TODO_TEXT } from './todoTexts.ts';

type Change = Partial<TodoListFilters>;

function FilterSelect({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: string | null;
  options: readonly TodoFilterOption[];
  onChange: (value: string | null) => void;
  testId: string;
}) {
  const id = useId();
  // A value chosen by URL that the latest to-dos no longer name still shows as chosen.
  const known = value === null || options.some((option) => option.id === value);
  return (
    <div className="todo-filter">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="select"
        value={value ?? ''}
        onChange={(event) => onChange(event.currentTarget.value || null)}
        data-testid={testId}
      >
        <option value="">{TODO_TEXT.filters.any}</option>
        {known ? null : <option value={value}>{value}</option>}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const TYPE_OPTIONS: readonly TodoFilterOption[] = (['ISSUE', 'EPIC'] as const).map((type) => ({
  id: type,
  label: TODO_TEXT.types[type],
}));
const ACTION_OPTIONS: readonly TodoFilterOption[] = ACTION_CHOICES.map((action) => ({
  id: action,
  label: actionText(action),
}));

/** GitLab's To-Do List filters, as selects: group, project, author, action and type. */
export function TodoFilters({
  filters,
  options,
  onChange,
}: {
  filters: TodoListFilters;
  options: TodoFilterOptionsView | undefined;
  onChange: (change: Change) => void;
}) {
  const { filters: text } = TODO_TEXT;
  return (
    <fieldset className="todo-filters" data-testid="todo-filters">
      <legend className="sr-only">Filter to-do items</legend>
      <FilterSelect
        label={text.group}
        value={filters.groupId}
        options={options?.groups ?? []}
        onChange={(groupId) => onChange({ groupId })}
        testId="todo-filter-group"
      />
      <FilterSelect
        label={text.project}
        value={filters.projectId}
        options={options?.projects ?? []}
        onChange={(projectId) => onChange({ projectId })}
        testId="todo-filter-project"
      />
      <FilterSelect
        label={text.author}
        value={filters.authorId}
        options={options?.authors ?? []}
        onChange={(authorId) => onChange({ authorId })}
        testId="todo-filter-author"
      />
      <FilterSelect
        label={text.action}
        value={filters.action}
        options={ACTION_OPTIONS}
        onChange={(action) => onChange({ action: action as TodoListFilters['action'] })}
        testId="todo-filter-action"
      />
      <FilterSelect
        label={text.type}
        value={filters.type}
        options={TYPE_OPTIONS}
        onChange={(type) => onChange({ type: type as TodoListType | null })}
        testId="todo-filter-type"
      />
    </fieldset>
  );
}
