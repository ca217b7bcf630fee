import type { ReactNode } from 'react';
import { NavLink as MantineNavLink, Stack } from '@mantine/core';
import { NavLink, useLocation } from 'react-router';
import { isCompanyAdmin, isSsoPlan, type TCurrentUser } from '@cloudsign/contract';
import { useCurrentUser } from '../../lib/current-user.ts';
import { useBrand } from '../theme/theme-provider.tsx';
import {
  CabinetIcon,
  DocumentIcon,
  GroupIcon,
  KeyIcon,
  MemberIcon,
  SettingsIcon,
} from './nav-icons.tsx';

type NavItem = {
  label: string;
  to: string;
  icon: ReactNode;
  isAdminOnly: boolean;
  /** A plan condition on top of the role (SSO設定: business and enterprise plans only). */
  isInPlan?: (user: TCurrentUser) => boolean;
};

/** docs/design.md §1: members, member groups and company settings are for company admins; cabinets and documents for everyone. */
export const GLOBAL_NAV_ITEMS: readonly NavItem[] = [
  { label: 'キャビネット', to: '/cabinets', icon: <CabinetIcon />, isAdminOnly: false },
  { label: 'メンバーグループ', to: '/member_groups', icon: <GroupIcon />, isAdminOnly: true },
  { label: 'メンバー', to: '/company/members', icon: <MemberIcon />, isAdminOnly: true },
  { label: '書類', to: '/company/documents', icon: <DocumentIcon />, isAdminOnly: false },
  { label: '企業設定', to: '/company/settings', icon: <SettingsIcon />, isAdminOnly: true },
  {
    label: 'SSO設定',
    to: '/company/sso',
    icon: <KeyIcon />,
    isAdminOnly: true,
    isInPlan: isSsoPlan,
  },
];

export type NavEntry = {
  label: string;
  to: string;
  icon?: ReactNode;
  /** Path prefix that marks it active (default: `to`). */ match?: string;
};

export function NavItems({ items, label }: { items: readonly NavEntry[]; label: string }) {
  const { pathname } = useLocation();
  const brand = useBrand();
  return (
    <Stack component="nav" aria-label={label} gap={2}>
      {items.map((item) => {
        const prefix = item.match ?? item.to;
        const isActive = pathname === prefix || pathname.startsWith(`${prefix}/`);
        return (
          <MantineNavLink
            key={item.to}
            component={NavLink}
            to={item.to}
            label={item.label}
            leftSection={item.icon}
            active={isActive}
            aria-current={isActive ? 'page' : undefined}
            variant="light"
            fw={isActive ? 700 : 500}
            styles={{
              root: {
                borderRadius: 6,
                borderLeft: `3px solid ${isActive ? brand.accent : 'transparent'}`,
                backgroundColor: isActive ? brand.navActiveBg : undefined,
              },
            }}
          />
        );
      })}
    </Stack>
  );
}

export function GlobalNav() {
  const user = useCurrentUser();
  const isAdmin = isCompanyAdmin(user);
  return (
    <NavItems
      label="メインメニュー"
      items={GLOBAL_NAV_ITEMS.filter(
        (item) => (isAdmin || !item.isAdminOnly) && (item.isInPlan?.(user) ?? true),
      )}
    />
  );
}
