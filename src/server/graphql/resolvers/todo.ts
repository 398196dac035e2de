import { toGlobalId } from '../../../core/domain/gid.ts';
import { todoActionName } from '../../../core/domain/todos.ts';
import { findReadableEpic } from '../../services/epics/epicQueries.ts';
import { NotFoundError } from '../../services/errors.ts';
import { findReadableIssueByIdOrNull } from '../../services/issueService.ts';
import {
  addEpicTodo,
  addIssueTodo,
  listOwnTodos,
  markOwnTodoDone,
  type TodoTargetType,
} from '../../services/todoService.ts';
import { offsetConnection, PAGE_LIMITS } from '../connection.ts';
import type { GraphQLContext } from '../context.ts';
import type {
  CurrentUserResolvers,
  MutationResolvers,
  TodoResolvers,
  TodoStateEnum,
  TodoTargetEnum,
} from '../generated/resolvers.ts';
import { idOf } from './argumentValues.ts';
import { payloadErrors, requireWriteAccess } from './mutationSupport.ts';

const TARGET_ENUM: Readonly<Record<TodoTargetType, TodoTargetEnum>> = {
  Epic: 'EPIC',
  Issue: 'ISSUE',
  MergeRequest: 'MERGEREQUEST',
};

/** The stored target types a `type:` filter names; kinds this app does not have match nothing. */
function targetTypesOf(types: readonly TodoTargetEnum[]): TodoTargetType[] {
  return (Object.keys(TARGET_ENUM) as TodoTargetType[]).filter((type) => types.includes(TARGET_ENUM[type]));
}

export const Todo: TodoResolvers = {
  id: (todo) => toGlobalId('Todo', todo.id),
  action: (todo) => todoActionName(todo.action),
  targetType: (todo) => TARGET_ENUM[todo.target_type],
  createdAt: (todo) => todo.created_at.toISOString(),
  author: async (todo, _args, { loaders }) => {
    const author = await loaders.user.load(todo.author_id);
    if (!author) throw new Error(`Todo ${todo.id} has no author`);
    return author;
  },
  group: async (todo, _args, { loaders, access }) => {
    const group = todo.group_id === null ? null : await loaders.namespace.load(todo.group_id);
    return group && (await access.canInNamespace('read_group', group)) ? group : null;
  },
  project: async (todo, _args, { loaders, access }) => {
    const project = todo.project_id === null ? null : await loaders.project.load(todo.project_id);
    const namespace = project ? await loaders.namespace.load(project.namespace_id) : null;
    return project && namespace && (await access.canInProject('read_project', project, namespace))
      ? project
      : null;
  },
};

export const currentUserTodoFields: Pick<CurrentUserResolvers, 'todos'> = {
  todos: (_user, args, { db, actor }) => {
    const states = args.state ?? [];
    // One state narrows the list; both (or none) is every to-do.
    const state: TodoStateEnum | undefined = states.length === 1 ? states[0] : undefined;
    return offsetConnection(args, PAGE_LIMITS.maxPageSize, (page) =>
      listOwnTodos(db, actor, { state, types: args.type ? targetTypesOf(args.type) : undefined }, page),
    );
  },
};

async function addTodoOnEpic(context: GraphQLContext, id: number) {
  const { group, epic } = await findReadableEpic(context.db, context.access, { id });
  return (await addEpicTodo(context.db, context.access, group, epic, context.now())).todo;
}

/** An issue the actor may not read is as missing as one that does not exist. */
async function addTodoOnIssue(context: GraphQLContext, id: number) {
  const located = await findReadableIssueByIdOrNull(context.db, context.access, id);
  if (!located) throw new NotFoundError('Issue');
  return (await addIssueTodo(context.db, context.access, located, context.now())).todo;
}

export const todoMutations: Pick<MutationResolvers, 'todoCreate' | 'todoMarkDone'> = {
  todoCreate: async (_parent, { input }, context) => {
    requireWriteAccess(context);
    return payloadErrors(async () => {
      const todo = String(input.targetId).startsWith('gid://gitlab/Issue/')
        ? await addTodoOnIssue(context, idOf(input.targetId))
        : await addTodoOnEpic(context, idOf(input.targetId));
      return { clientMutationId: input.clientMutationId ?? null, todo, errors: [] };
    });
  },
  todoMarkDone: async (_parent, { input }, context) => {
    requireWriteAccess(context);
    const todo = await payloadErrors(() =>
      markOwnTodoDone(context.db, context.access, idOf(input.id), context.now()),
    );
    // Marking done has no business-rule failure: a to-do is either the caller's or not found.
    if (!('id' in todo)) throw new Error(todo.errors.join(', '));
    return { clientMutationId: input.clientMutationId ?? null, todo, errors: [] };
  },
};
