import type { UserMembershipView } from '../../../core/domain/userMemberships.ts';
import { groupPath, projectPath } from '../../../core/domain/webPaths.ts';
import { Avatar } from '../../ui/index.ts';

/** The profile's Groups or Projects: each with its initial, linked, and the user's role there. */
export function UserMembershipList({
  kind,
  items,
  emptyText,
}: {
  kind: 'groups' | 'projects';
  items: readonly UserMembershipView[];
  emptyText: string;
}) {
  if (items.length === 0)
    return (
      <p className="muted" data-testid={`user-profile-no-${kind}`}>
        {emptyText}
      </p>
    );
  const pathOf = kind === 'groups' ? groupPath : projectPath;
  return (
    <ul
      className="user-memberships"
      aria-label={kind === 'groups' ? 'Groups' : 'Projects'}
      data-testid={`user-profile-${kind}`}
    >
      {items.map((item) => (
        <li key={item.id} className="user-membership">
          <Avatar name={item.name.split(' / ').at(-1) ?? item.name} colorKey={item.fullPath} size={32} />
          <div className="user-membership-main">
            <a href={pathOf(item.fullPath)}>{item.name}</a>
            <span className="muted user-membership-path">{item.fullPath}</span>
          </div>
          <span className="user-membership-role">{item.role}</span>
        </li>
      ))}
    </ul>
  );
}
