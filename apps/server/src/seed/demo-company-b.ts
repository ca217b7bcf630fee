/** Demo company B 「株式会社アザー」: business plan, a handful of members and documents, there to prove isolation. */
import type { Rand } from './prng.ts';
import {
  pool,
  buildMembers,
  systemCabinet,
  systemGroup,
  type CabinetRow,
  type GroupRow,
} from './demo-people.ts';
import { buildDocuments } from './demo-documents.ts';
import { COMPANY_B_NAME, type DemoCompany } from './demo-companies.ts';
import { EntityType } from '@cloudsign/contract';

export function buildCompanyB(rand: Rand, now: Date, passwordHash: string): DemoCompany {
  const companyId = rand.uuid();
  const createdAt = new Date(now.getTime() - 400 * 86_400_000);
  const company = {
    id: companyId,
    name: COMPANY_B_NAME,
    plan: 'business',
    documentApproval: 0,
    auditLog: false,
    documentImport: false,
    isEnabledFederatedIdentity: false,
    mfa: 1,
    createdAt,
  };
  const departments = [
    { org: '総務部', group: '総務部', weight: 1 },
    { org: '開発部', group: '開発部', weight: 2 },
  ];
  const members = buildMembers(rand, {
    companyId,
    domain: 'other.example.com',
    passwordHash,
    now,
    theme: 'cloudsign',
    departments,
    fixed: [
      {
        name: '管理 次郎',
        furigana: 'カンリ\u3000ジロウ',
        email: 'admin@other.example.com',
        organization: '総務部',
        roles: ['CompanyAdmin'],
      },
    ],
    generated: 7,
  });
  const groups = [systemGroup(rand, companyId, createdAt)];
  const memberships: DemoCompany['memberships'] = [];
  for (const d of departments) {
    const g: GroupRow = {
      id: rand.uuid(),
      companyId,
      name: d.group,
      note: '',
      type: EntityType.User,
      createdAt,
      updatedAt: createdAt,
    };
    groups.push(g);
    for (const m of members)
      if (m.organization === d.org) memberships.push({ groupId: g.id, userId: m.id, createdAt });
  }
  const cabinets = [systemCabinet(rand, companyId, createdAt)];
  const cabinetGroups: DemoCompany['cabinetGroups'] = [];
  for (const [i, name] of ['契約書', '社内文書'].entries()) {
    const cab: CabinetRow = {
      id: rand.uuid(),
      companyId,
      name,
      note: '',
      type: EntityType.User,
      createdAt,
      updatedAt: createdAt,
    };
    cabinets.push(cab);
    cabinetGroups.push({ cabinetId: cab.id, groupId: groups[i + 1]!.id });
  }
  const options = [
    {
      id: rand.uuid(),
      companyId,
      position: 1,
      name: '部署',
      isEnabled: true,
      isRequired: false,
      createdAt,
    },
  ];
  const docs = buildDocuments(rand, {
    companyId,
    companyName: COMPANY_B_NAME,
    count: 20,
    now,
    sendersByCabinet: [],
    anySender: pool(members, ['']),
    importers: [],
    cabinetIds: [
      cabinets[1]!.id,
      cabinets[1]!.id,
      cabinets[2]!.id,
      cabinets[2]!.id,
      cabinets[2]!.id,
    ],
    optionIds: { 部署: options[0]!.id },
    localIdPrefix: 'OT',
  });
  return {
    company,
    members,
    groups,
    memberships,
    cabinets,
    cabinetGroups,
    cabinetAdmins: [{ cabinetId: cabinets[1]!.id, userId: members[0]!.id }],
    rules: [],
    options,
    docs,
  };
}
