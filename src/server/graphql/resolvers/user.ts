import { toGlobalId } from '../../../core/domain/gid.ts';
import { userPath } from '../../../core/domain/webPaths.ts';
import { renderTitleHtml } from '../../services/markdown/markdownRenderer.ts';
import type { GraphQLContext } from '../context.ts';
import type { CurrentUserResolvers, UserCoreResolvers, UserResolvers } from '../generated/resolvers.ts';
import type { UserModel } from '../models.ts';

export const userFields = {
  id: (user: UserModel) => toGlobalId('User', user.id),
  avatarUrl: () => null,
  webUrl: (user: UserModel, _args: unknown, { config }: { config: { externalUrl: string } }) =>
    `${config.externalUrl}${userPath(user.username)}`,
  webPath: (user: UserModel) => userPath(user.username),
  state: (user: UserModel) => user.state as 'active',
  status: async (user: UserModel, _args: unknown, { loaders }: GraphQLContext) => {
    const status = await loaders.userStatus.load(user.id);
    if (!status) return null;
    return {
      availability: status.availability === 'busy' ? ('BUSY' as const) : ('NOT_SET' as const),
      emoji: status.emoji,
      message: status.message,
      messageHtml: renderTitleHtml(status.message),
      clearStatusAt: status.clearStatusAt,
    };
  },
};

export const UserCore: UserCoreResolvers = { ...userFields };
export const CurrentUser: CurrentUserResolvers = {
  ...userFields,
  publicEmail: () => null,
  admin: (user) => user.is_admin,
};
export const User: UserResolvers = { __resolveType: () => 'UserCore' };
