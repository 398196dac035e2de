import { GraphQLError } from 'graphql';
import { namesIssueRow, parseGlobalId, toGlobalId } from '../../../core/domain/gid.ts';
import { todoActionName, todoActionOfName } from '../../../core/domain/todos.ts';
import {
  accessRequestsPath,
  epicWebPath,
  issueOrTaskWebPath,
  mergeRequestWebPath,
} from '../../../core/domain/webPaths.ts';
import type { EpicRow, IssueRow, MergeRequestRow, NamespaceRow, ProjectRow } from '../../db/schema.ts';
import { findReadableEpic } from '../../services/epics/epicQueries.ts';
import { NotFoundError } from '../../services/errors.ts';
import { findReadableIssueByIdOrNull } from '../../services/issueService.ts';
import { findReadableMergeRequestByIdOrNull } from '../../services/mergeRequests/mergeRequestQueries.ts';
import {
  addEpicTodo,
  addIssueTodo,
  addMergeRequestTodo,
  listOwnTodos,
  markAllOwnTodosDone,
  markOwnTodoDone,
  restoreOwnTodo,
  type TodoTargetType,
} from '../../services/todoService.ts';
import { todoBody } from '../../services/todoTargets.ts';
import { offsetConnection, PAGE_LIMITS } from '../connection.ts';
import type { GraphQLContext } from '../context.ts';
import type {
  CurrentUserResolvers,
  MutationResolvers,
  TodoableResolvers,
  TodoResolvers,
  TodoStateEnum,
  TodoTargetEnum,
} from '../generated/resolvers.ts';
import type { TodoModel } from '../models.ts';
import { idOf, parseIid } from './argumentValues.ts';
import { payloadErrors, requireWriteAccess } from './mutationSupport.ts';

const TARGET_ENUM: Readonly<Record<TodoTargetType, TodoTargetEnum>> = {
  Epic: 'EPIC',
  Issue: 'ISSUE',
  MergeRequest: 'MERGEREQUEST',
  Namespace: 'NAMESPACE',
  Project: 'PROJECT',
};

/** The stored target types a `type:` filter names; kinds this app does not have match nothing. */
function targetTypesOf(types: readonly TodoTargetEnum[]): TodoTargetType[] {
  return (Object.keys(TARGET_ENUM) as TodoTargetType[]).filter((type) => types.includes(TARGET_ENUM[type]));
}

type TodoTarget =
  | { readonly kind: 'epic'; readonly epic: EpicRow }
  | { readonly kind: 'issue'; readonly issue: IssueRow }
  | { readonly kind: 'mergeRequest'; readonly mergeRequest: MergeRequestRow }
  | { readonly kind: 'group'; readonly group: NamespaceRow }
  | { readonly kind: 'project'; readonly project: ProjectRow };

/**
 * The to-do's target. Lists answer only to-dos whose target the viewer may read, so it is loaded
 * unchecked; one deleted since is a bug in the caller's flow, not a null.
 */
async function targetOf(todo: TodoModel, { loaders }: GraphQLContext): Promise<TodoTarget> {
  const lost = () => new Error(`Todo ${todo.id} lost its ${todo.target_type}`);
  switch (todo.target_type) {
    case 'Epic': {
      const epic = await loaders.epic.load(todo.target_id);
      if (!epic) throw lost();
      return { kind: 'epic', epic };
    }
    case 'Namespace': {
      const group = await loaders.namespace.load(todo.target_id);
      if (!group) throw lost();
      return { kind: 'group', group };
    }
    case 'Project': {
      const project = await loaders.project.load(todo.target_id);
      if (!project) throw lost();
      return { kind: 'project', project };
    }
    case 'MergeRequest': {
      const mergeRequest = await loaders.mergeRequests.byId.load(todo.target_id);
      if (!mergeRequest) throw lost();
      return { kind: 'mergeRequest', mergeRequest };
    }
    default: {
      const issue = await loaders.issue.load(todo.target_id);
      if (!issue) throw lost();
      return { kind: 'issue', issue };
    }
  }
}

/** The title a to-do's body falls back to: the item's title, or the full path of the place to join. */
function targetTitleOf(target: TodoTarget): string {
  switch (target.kind) {
    case 'epic':
      return target.epic.title;
    case 'issue':
      return target.issue.title;
    case 'mergeRequest':
      return target.mergeRequest.title;
    case 'group':
      return target.group.full_path;
    case 'project':
      return target.project.full_path;
  }
}

/**
 * The target's web path: an issue under its project, an epic under its group, and for an access
 * request the requests waiting on the members page.
 */
async function targetPathOf(todo: TodoModel, context: GraphQLContext): Promise<string> {
  const target = await targetOf(todo, context);
  switch (target.kind) {
    case 'issue': {
      const project = await context.loaders.project.load(target.issue.project_id);
      if (!project) throw new Error(`Issue ${target.issue.id} lost its project`);
      return issueOrTaskWebPath(project.full_path, target.issue.iid, target.issue.issue_type);
    }
    case 'mergeRequest': {
      const project = await context.loaders.project.load(target.mergeRequest.project_id);
      if (!project) throw new Error(`Merge request ${target.mergeRequest.id} lost its project`);
      return mergeRequestWebPath(project.full_path, target.mergeRequest.iid);
    }
    case 'epic': {
      const group = await context.loaders.namespace.load(target.epic.group_id);
      if (!group) throw new Error(`Epic ${target.epic.id} lost its group`);
      return epicWebPath(group.full_path, target.epic.iid);
    }
    case 'group':
      return accessRequestsPath('group', target.group.full_path);
    case 'project':
      return accessRequestsPath('project', target.project.full_path);
  }
}

export const Todoable: TodoableResolvers = {
  __resolveType: (target) =>
    'iid' in target
      ? 'source_branch' in target
        ? 'MergeRequest'
        : 'project_id' in target
          ? 'Issue'
          : 'Epic'
      : 'namespace_id' in target
        ? 'Project'
        : 'Group',
};

export const Todo: TodoResolvers = {
  body: async (todo, _args, context) => {
    const title = targetTitleOf(await targetOf(todo, context));
    const text = todo.note_id === null ? null : await context.loaders.noteText.load(todo.note_id);
    return todoBody(todo, title, () => text);
  },
  target: async (todo, _args, context) => {
    const target = await targetOf(todo, context);
    switch (target.kind) {
      case 'epic':
        return target.epic;
      case 'issue':
        return target.issue;
      case 'mergeRequest':
        return target.mergeRequest;
      case 'group':
        return target.group;
      case 'project':
        return target.project;
    }
  },
  targetUrl: async (todo, _args, context) =>
    `${context.config.externalUrl}${await targetPathOf(todo, context)}`,
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

/**
 * Database ids as GitLab's to-do filters take them (`authorId: ["7"]`); a global id is read too.
 * Anything else is an argument error rather than a filter that silently matches nothing.
 */
function databaseIds(name: string, values: readonly string[] | null | undefined): number[] | undefined {
  return values?.map((value) => {
    const parsed = parseGlobalId(value);
    const id = parsed.ok ? parsed.value.id : parseIid(value);
    if (id === undefined || Number.isNaN(id)) throw new GraphQLError(`${value} is not a valid ${name}`);
    return id;
  });
}

export const currentUserTodoFields: Pick<CurrentUserResolvers, 'todos'> = {
  todos: (_user, args, { db, actor }) => {
    const states = args.state ?? [];
    // One state narrows the list; both (or none) is every to-do.
    const state: TodoStateEnum | undefined = states.length === 1 ? states[0] : undefined;
    const filter = {
      state,
      types: args.type ? targetTypesOf(args.type) : undefined,
      actions: args.action?.flatMap((name) => todoActionOfName(name) ?? []),
      authorIds: databaseIds('authorId', args.authorId),
      projectIds: databaseIds('projectId', args.projectId),
      groupIds: databaseIds('groupId', args.groupId),
    };
    return offsetConnection(args, PAGE_LIMITS.maxPageSize, (page) => listOwnTodos(db, actor, filter, page));
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

/** A merge request the actor may not read is as missing as one that does not exist. */
async function addTodoOnMergeRequest(context: GraphQLContext, id: number) {
  const located = await findReadableMergeRequestByIdOrNull(context.db, context.access, id);
  if (!located) throw new NotFoundError('Merge Request');
  return (await addMergeRequestTodo(context.db, context.access, located, context.now())).todo;
}

const namesMergeRequest = (gid: string) => gid.startsWith('gid://gitlab/MergeRequest/');

/** The item `todosMarkAllDone` narrows to, if the caller may read it; GitLab's error otherwise. */
async function readableTargetOf(context: GraphQLContext, targetId: string) {
  const id = idOf(targetId);
  try {
    if (namesMergeRequest(targetId)) {
      if (await findReadableMergeRequestByIdOrNull(context.db, context.access, id))
        return { type: 'MergeRequest' as const, id };
    } else if (namesIssueRow(targetId)) {
      if (await findReadableIssueByIdOrNull(context.db, context.access, id))
        return { type: 'Issue' as const, id };
    } else {
      await findReadableEpic(context.db, context.access, { id });
      return { type: 'Epic' as const, id };
    }
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
  }
  throw new GraphQLError(`Resource not available: ${targetId}`);
}

export const todoMutations: Pick<
  MutationResolvers,
  'todoCreate' | 'todoMarkDone' | 'todoRestore' | 'todosMarkAllDone'
> = {
  todoCreate: async (_parent, { input }, context) => {
    requireWriteAccess(context);
    return payloadErrors(async () => {
      const targetId = String(input.targetId);
      const todo = namesMergeRequest(targetId)
        ? await addTodoOnMergeRequest(context, idOf(targetId))
        : namesIssueRow(targetId)
          ? await addTodoOnIssue(context, idOf(targetId))
          : await addTodoOnEpic(context, idOf(targetId));
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
  todoRestore: async (_parent, { input }, context) => {
    requireWriteAccess(context);
    const todo = await payloadErrors(() =>
      restoreOwnTodo(context.db, context.access, idOf(input.id), context.now()),
    );
    // As marking done: the to-do is either the caller's (and readable) or not found.
    if (!('id' in todo)) throw new Error(todo.errors.join(', '));
    return { clientMutationId: input.clientMutationId ?? null, todo, errors: [] };
  },
  todosMarkAllDone: async (_parent, { input }, context) => {
    requireWriteAccess(context);
    const target = input.targetId ? await readableTargetOf(context, input.targetId) : undefined;
    const todos = await markAllOwnTodosDone(context.db, context.access, context.now(), target);
    return { clientMutationId: input.clientMutationId ?? null, todos, errors: [] };
  },
};
