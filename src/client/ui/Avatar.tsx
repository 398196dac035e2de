import { avatarColorIndex, initials } from './avatar.ts';

/** An initials avatar. Decorative unless `label` is given (then it names the person). */
export function Avatar({
  name,
  colorKey,
  size = 24,
  label,
}: {
  name: string;
  colorKey: string;
  size?: 16 | 24 | 32 | 48;
  label?: string;
}) {
  const accessible = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  return (
    <span
      className={`avatar avatar-${size} avatar-color-${avatarColorIndex(colorKey)}`}
      title={label}
      {...accessible}
    >
      {initials(name)}
    </span>
  );
}
