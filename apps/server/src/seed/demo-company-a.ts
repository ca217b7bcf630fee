/**
 * Demo company A 「株式会社サンプル商事」: enterprise plan, everything on, about 200 members in seven groups,
 * five user cabinets with classification rules and 2,000 documents.
 */
import type { Rand } from './prng.ts';
import { ATTRIBUTE_OPTION_NAMES } from './document-words.ts';
import { DEPARTMENTS } from './names.ts';
import {
  buildMembers,
  grantRole,
  pool,
  systemCabinet,
  systemGroup,
  toRef,
  type CabinetRow,
  type GroupRow,
} from './demo-people.ts';
import { buildDocuments } from './demo-documents.ts';
import { COMPANY_A_NAME, type DemoCompany } from './demo-companies.ts';
import { EntityType } from '@cloudsign/contract';

/** User cabinets of A in DOC_KINDS cabinet-index order, with who reads them and the classification rules. */
const A_CABINETS = [
  {
    name: '営業契約',
    note: '売買・代理店・個別契約など営業部門の契約書',
    groups: ['営業部', '東京支社', '大阪支社', '役員'],
    rule: ['営業部'],
    senders: ['営業部', '東京支社', '大阪支社'],
  },
  {
    name: '法務・NDA',
    note: '秘密保持契約書、覚書、ライセンス契約',
    groups: ['法務部', '役員'],
    rule: ['法務部'],
    senders: ['法務部', '営業部'],
  },
  {
    name: '人事・雇用契約',
    note: '雇用契約書・労働条件通知書（閲覧は人事部のみ）',
    groups: ['人事部'],
    rule: ['人事部'],
    senders: ['人事部'],
  },
  {
    name: '購買・業務委託',
    note: '業務委託・請負・保守・賃貸借・発注',
    groups: ['経理部', '法務部'],
    rule: [],
    senders: ['経理部', '総務部', '情報システム部'],
  },
  {
    name: '役員会議事録',
    note: '取締役会の議事録',
    groups: ['役員'],
    rule: [],
    senders: ['経営企画部'],
  },
] as const;

const A_GROUPS = [
  ['営業部', '営業部の全課（第一・第二・営業企画）'],
  ['法務部', '契約審査課・知的財産課'],
  ['経理部', '財務課・主計課'],
  ['人事部', '採用課・労務課'],
  ['役員', '取締役・執行役員'],
  ['東京支社', ''],
  ['大阪支社', ''],
] as const;

export function buildCompanyA(rand: Rand, now: Date, passwordHash: string): DemoCompany {
  const companyId = rand.uuid();
  const company = {
    id: companyId,
    name: COMPANY_A_NAME,
    plan: 'enterprise',
    documentApproval: 1,
    auditLog: true,
    documentImport: true,
    isEnabledFederatedIdentity: false,
    mfa: 1,
    createdAt: new Date(now.getTime() - 3 * 365 * 86_400_000),
  };
  const fixed = 2;
  const members = companyAMembers(rand, companyId, now, passwordHash);
  const { groups, groupId, memberships } = companyAGroups(rand, company, members, fixed);
  const { cabinets, cabinetGroups, admins, rules } = companyACabinets(
    rand,
    company,
    members,
    groupId,
    fixed,
  );

  const options = ATTRIBUTE_OPTION_NAMES.map((name, i) => ({
    id: rand.uuid(),
    companyId,
    position: i + 1,
    name,
    isEnabled: true,
    isRequired: false,
    createdAt: company.createdAt,
  }));
  const optionIds = Object.fromEntries(options.map((o) => [o.name, o.id]));
  const docs = buildDocuments(rand, {
    companyId,
    companyName: COMPANY_A_NAME,
    count: 2000,
    now,
    sendersByCabinet: A_CABINETS.map((c) => pool(members, c.senders)),
    anySender: pool(members, ['']),
    importers: members
      .filter((m) => m.status === 1 && m.roles?.includes('DocumentImporter'))
      .map(toRef),
    cabinetIds: cabinets.slice(1).map((c) => c.id),
    optionIds,
    localIdPrefix: 'CT',
  });
  return {
    company,
    members,
    groups,
    memberships,
    cabinets,
    cabinetGroups,
    cabinetAdmins: admins,
    rules,
    options,
    docs,
  };
}

/** The company's members: the three demo logins, 191 generated, six executives; roles granted by department. */
function companyAMembers(rand: Rand, companyId: string, now: Date, passwordHash: string) {
  const fixed = 2;
  const usedEmails = new Set<string>();
  const members = buildMembers(rand, {
    companyId,
    usedEmails,
    domain: 'example.com',
    passwordHash,
    now,
    theme: 'cloudsign',
    departments: DEPARTMENTS,
    fixed: [
      {
        name: '管理 太郎',
        furigana: 'カンリ\u3000タロウ',
        email: 'admin@example.com',
        organization: '情報システム部 インフラ課',
        roles: ['CompanyAdmin', 'DocumentImporter'],
      },
      {
        name: '一般 花子',
        furigana: 'イッパン\u3000ハナコ',
        email: 'member@example.com',
        organization: '営業部 第一営業課',
        roles: [],
      },
      {
        name: '監査 次郎',
        furigana: 'カンサ\u3000ジロウ',
        email: 'auditor@example.com',
        organization: '内部監査室',
        roles: ['CompanyAuditor'],
      },
    ],
    generated: 191,
  });
  // Executives: 役員室, group 役員.
  const execs = buildMembers(rand, {
    companyId,
    usedEmails,
    domain: 'example.com',
    passwordHash,
    now,
    theme: 'cloudsign',
    departments: [{ org: '役員室', group: '役員', weight: 1 }],
    fixed: [],
    generated: 6,
  });
  for (const e of execs) {
    e.status = 1;
    e.passwordHash = passwordHash;
  }
  members.push(...execs);
  grantRole(rand, members, fixed, 'CompanyAdmin', ['情報システム部'], 2);
  grantRole(rand, members, fixed, 'CompanyApprover', ['法務部', '役員室'], 3);
  grantRole(rand, members, fixed, 'CompanyAuditor', ['経営企画部', '法務部'], 2);
  grantRole(rand, members, fixed, 'DocumentImporter', ['総務部', '法務部'], 3);
  grantRole(rand, members, fixed, 'TemplateSharer', ['営業部'], 2);
  return members;
}

/** The user groups and who is in them: each member in his department's group, one in ten in another one. */
function companyAGroups(
  rand: Rand,
  company: { id: string; createdAt: Date },
  members: DemoCompany['members'],
  fixed: number,
) {
  const companyId = company.id;
  const groups = [systemGroup(rand, companyId, company.createdAt)];
  const groupId = new Map<string, string>();
  for (const [name, note] of A_GROUPS) {
    const g: GroupRow = {
      id: rand.uuid(),
      companyId,
      name,
      note,
      type: EntityType.User,
      createdAt: company.createdAt,
      updatedAt: company.createdAt,
    };
    groups.push(g);
    groupId.set(name, g.id);
  }
  const deptGroup = new Map<string, string | null>([
    ...DEPARTMENTS.map((d) => [d.org, d.group] as const),
    ['役員室', '役員'],
  ]);
  const memberships: DemoCompany['memberships'] = [];
  const userGroupNames = A_GROUPS.map(([n]) => n);
  members.forEach((m, i) => {
    const own = deptGroup.get(m.organization ?? '') ?? null;
    const names = new Set<string>(own ? [own] : []);
    // member@example.com stays in exactly one group; admin@example.com in none (it sees everything anyway).
    if (i >= fixed && rand.chance(0.1)) names.add(rand.pick(userGroupNames));
    for (const n of names)
      memberships.push({ groupId: groupId.get(n)!, userId: m.id, createdAt: company.createdAt });
  });
  return { groups, groupId, memberships };
}

/** The cabinets, the groups that read them, their admins and their alert rules. */
function companyACabinets(
  rand: Rand,
  company: { id: string; createdAt: Date },
  members: DemoCompany['members'],
  groupId: Map<string, string>,
  fixed: number,
) {
  const companyId = company.id;
  const cabinets = [systemCabinet(rand, companyId, company.createdAt)];
  const cabinetGroups: DemoCompany['cabinetGroups'] = [];
  const admins: DemoCompany['cabinetAdmins'] = [];
  const rules: DemoCompany['rules'] = [];
  for (const c of A_CABINETS) {
    const cab: CabinetRow = {
      id: rand.uuid(),
      companyId,
      name: c.name,
      note: c.note,
      type: EntityType.User,
      createdAt: company.createdAt,
      updatedAt: company.createdAt,
    };
    cabinets.push(cab);
    for (const g of c.groups) cabinetGroups.push({ cabinetId: cab.id, groupId: groupId.get(g)! });
    for (const g of c.rule)
      rules.push({ cabinetId: cab.id, groupId: groupId.get(g)!, createdAt: company.createdAt });
    // One or two heads of the sending departments administer each cabinet.
    for (const p of rand.sample(pool(members.slice(fixed), c.senders), rand.int(1, 2)))
      admins.push({ cabinetId: cab.id, userId: p.id });
  }
  // member@example.com administers exactly one cabinet: 営業契約.
  admins.push({ cabinetId: cabinets[1]!.id, userId: members[1]!.id });
  return { cabinets, cabinetGroups, admins, rules };
}
