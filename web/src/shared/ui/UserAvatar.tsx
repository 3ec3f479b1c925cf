import { theme } from 'antd';
// The component without Avatar.Group, which brings Popover into the shell's first load.
import Avatar from 'antd/es/avatar/Avatar';

export interface UserAvatarProps {
  readonly name: string;
  /** The user's avatar address, or null for none (initials are shown). */
  readonly avatar?: string | null;
  readonly size?: 'small' | 'default' | 'large' | number;
}

/** A name's initials: the first letters of its first and last word ("Anna Andersson" → "AA"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** A user's avatar: their picture, else their initials. Decorative: the name is always shown beside it. */
export function UserAvatar({ name, avatar, size }: UserAvatarProps) {
  const { token } = theme.useToken();
  // the primary colour keeps white initials readable (antd's default grey does not); never squeezed in a row
  return (
    <Avatar size={size} src={avatar ?? undefined} alt="" aria-hidden style={{ flexShrink: 0, background: avatar ? undefined : token.colorPrimary }}>
      {initials(name)}
    </Avatar>
  );
}
