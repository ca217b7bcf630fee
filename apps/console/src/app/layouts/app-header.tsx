import {
  Box,
  Divider,
  Group,
  Image,
  Menu,
  Text,
  UnstyledButton,
  VisuallyHidden,
  useMantineTheme,
} from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/current-user.ts';
import { logout } from '../../lib/logout.ts';
import { useIdleSignOut } from '../../lib/idle-sign-out.ts';
import { UserAvatar } from '../../components/user-avatar/user-avatar.tsx';
import { readableRed } from '../theme/accessible-colors.ts';
import { useBrand } from '../theme/theme-provider.tsx';
import { ChevronDown } from './nav-icons.tsx';

export function AppHeader() {
  const user = useCurrentUser();
  useIdleSignOut(user.company.idleTimeoutMinutes);
  const brand = useBrand();
  const theme = useMantineTheme();
  return (
    <Box h="100%" style={{ borderTop: `3px solid ${brand.accent}` }}>
      <Group h="100%" px="lg" justify="space-between" wrap="nowrap">
        <Group gap="md" wrap="nowrap" miw={0}>
          <Link to="/" aria-label="トップページへ" style={{ display: 'flex' }}>
            <Image src={brand.logo} alt={brand.logoAlt} h={28} w="auto" fit="contain" />
          </Link>
          <Divider orientation="vertical" h={24} style={{ alignSelf: 'center' }} />
          <Text fw={600} c="gray.8" truncate data-testid="company-name">
            {user.company.name}
          </Text>
        </Group>
        {/* Rendered inside the header, not in a portal: the open menu stays within the banner landmark. */}
        <Menu position="bottom-end" width={260} shadow="md" withinPortal={false}>
          <Menu.Target>
            {/* Named by what it shows plus a hidden word (WCAG 2.5.3: the visible name is part of the accessible one). */}
            <UnstyledButton px={8} py={6} style={{ borderRadius: 6 }}>
              <Group gap={8} wrap="nowrap">
                <UserAvatar name={user.name} color={theme.primaryColor} />
                <Text size="sm" fw={500} visibleFrom="sm">
                  {user.name}
                </Text>
                <VisuallyHidden>ユーザーメニュー</VisuallyHidden>
                <ChevronDown />
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>
              <Text size="sm" fw={600} c="gray.8">
                {user.name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {user.email}
              </Text>
            </Menu.Label>
            <Menu.Divider />
            <Menu.Item component={Link} to="/account">
              アカウント設定
            </Menu.Item>
            {/* A hex colour: Mantine draws a themed item colour in shade 6 at most, too pale on its focus tint. */}
            <Menu.Item color={readableRed[9]} onClick={() => void logout()}>
              ログアウト
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Box>
  );
}
