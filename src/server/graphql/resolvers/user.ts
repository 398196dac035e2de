import { toGlobalId } from '../../../core/domain/gid.ts';
import { userPath } from '../../../core/domain/webPaths.ts';
import type { CurrentUserResolvers, UserCoreResolvers, UserResolvers } from '../generated/resolvers.ts';
import type { UserModel } from '../models.ts';

const userFields = {
  id: (user: UserModel) => toGlobalId('User', user.id),
  avatarUrl: () => null,
  webUrl: (user: UserModel, _args: unknown, { config }: { config: { externalUrl: string } }) =>
    `${config.externalUrl}${userPath(user.username)}`,
  webPath: (user: UserModel) => userPath(user.username),
  state: (user: UserModel) => user.state as 'active',
};

export const UserCore: UserCoreResolvers = { ...userFields };
export const CurrentUser: CurrentUserResolvers = {
  ...userFields,
  publicEmail: () => null,
  admin: (user) => user.is_admin,
};
export const User: UserResolvers = { __resolveType: () => 'UserCore' };
