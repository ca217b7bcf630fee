/**
 * The two demo companies (docs/design.md §1 "Demo logins" "Database"): A 「株式会社サンプル商事」 on the
 * enterprise plan with everything on (demo-company-a.ts), and B 「株式会社アザー」 on the business plan to
 * prove isolation (demo-company-b.ts). This file holds what both share: the shape and the names.
 */
import type {
  cabinetAdmins,
  cabinetClassificationRules,
  cabinetMemberGroups,
  companies,
  documentAttributeOptions,
  memberGroupUsers,
} from '../db/schema.ts';
import type { CabinetRow, GroupRow, UserRow } from './demo-people.ts';
import type { BuiltDocuments } from './demo-documents.ts';
export type DemoCompany = {
  company: typeof companies.$inferInsert & { id: string };
  members: UserRow[];
  groups: GroupRow[];
  memberships: (typeof memberGroupUsers.$inferInsert)[];
  cabinets: CabinetRow[];
  cabinetGroups: (typeof cabinetMemberGroups.$inferInsert)[];
  cabinetAdmins: (typeof cabinetAdmins.$inferInsert)[];
  rules: (typeof cabinetClassificationRules.$inferInsert)[];
  options: (typeof documentAttributeOptions.$inferInsert & { id: string })[];
  docs: BuiltDocuments;
};

export const COMPANY_A_NAME = '株式会社サンプル商事';
export const COMPANY_B_NAME = '株式会社アザー';
