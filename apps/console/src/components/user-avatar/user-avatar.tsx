import { Avatar } from '@mantine/core';
import { avatarInitials } from '../../lib/avatar-initials.ts';

/**
 * A person's round avatar: the initial of their name, or (when the name gives nothing that reads as a person,
 * such as a lone 「一」 or 「ー」) Mantine's person icon, so it never looks like a minus sign.
 */
export function UserAvatar({
  name,
  color,
  size = 30,
}: {
  name: string;
  color: string;
  size?: number;
}) {
  const initials = avatarInitials(name);
  return (
    <Avatar
      color={color}
      radius="xl"
      size={size}
      variant="filled"
      aria-hidden
      data-testid="user-avatar"
      styles={{ placeholder: { fontSize: initials && initials.length > 1 ? 11 : 14 } }}
    >
      {initials}
    </Avatar>
  );
}
