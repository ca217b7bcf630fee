import type { ReactNode } from 'react';
import { NavLink as MantineNavLink, Stack } from '@mantine/core';
import { NavLink, useLocation } from 'react-router';
import { canReadAuditLog, isCompanyAdmin, isSsoPlan, type TCurrentUser } from '@cloudsign/contract';
import { useCurrentUser } from '../../lib/current-user.ts';
import { useBrand } from '../theme/theme-provider.tsx';
import {
  AuditLogIcon,
  CabinetIcon,
  DocumentIcon,
  GroupIcon,
  KeyIcon,
  MemberIcon,
  SettingsIcon,
  TaxAuditIcon,
} from './nav-icons.tsx';

type NavItem = {
  label: string;
  to: string;
  icon: ReactNode;
  isAdminOnly: boolean;
  /** Shown only to those it holds for, on top of the role (a plan, a privilege); the page's own gate says why. */
  isShownTo?: (user: TCurrentUser) => boolean;
};

/**
 * docs/design.md §1: members, member groups, company settings and 税務調査対応 are for company admins;
 * cabinets and documents for everyone; the audit log for holders of 監査ログ閲覧権限.
 */
export const GLOBAL_NAV_ITEMS: readonly NavItem[] = [
  { label: 'キャビネット', to: '/cabinets', icon: <CabinetIcon />, isAdminOnly: false },
  { label: 'メンバーグループ', to: '/member_groups', icon: <GroupIcon />, isAdminOnly: true },
  { label: 'メンバー', to: '/company/members', icon: <MemberIcon />, isAdminOnly: true },
  { label: '書類', to: '/company/documents', icon: <DocumentIcon />, isAdminOnly: false },
  // 税務調査対応: a 課税期間's documents and their pack (電子帳簿保存法), beside the documents.
  { label: '税務調査対応', to: '/company/tax_audit', icon: <TaxAuditIcon />, isAdminOnly: true },
  { label: '企業設定', to: '/company/settings', icon: <SettingsIcon />, isAdminOnly: true },
  {
    label: '退職者の引き継ぎ',
    to: '/company/provisioning/leavers',
    icon: <MemberIcon />,
    isAdminOnly: true,
  },
  {
    label: 'SSO設定',
    to: '/company/sso',
    icon: <KeyIcon />,
    isAdminOnly: true,
    // SSO設定: business and enterprise plans only.
    isShownTo: isSsoPlan,
  },
  {
    label: '監査ログ',
    to: '/company/audit_log',
    icon: <AuditLogIcon />,
    isAdminOnly: false,
    // 監査ログ閲覧権限 is its own privilege: a company admin without it does not see the entry.
    isShownTo: canReadAuditLog,
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
        (item) => (isAdmin || !item.isAdminOnly) && (item.isShownTo?.(user) ?? true),
      )}
    />
  );
}
