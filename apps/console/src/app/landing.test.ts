import { describe, expect, it } from 'vitest';
import type { TCurrentUser } from '@cloudsign/contract';
import { landingPath } from './landing.ts';

const user = (roles: string[], company: Partial<TCurrentUser['company']> = {}) =>
  ({
    roles,
    company: { auditLog: true, plan: 'enterprise', ...company },
  }) as unknown as TCurrentUser;

describe('the top page sends each member where their work is', () => {
  it('an auditor with no other privilege lands on 監査ログ', () => {
    expect(landingPath(user(['CompanyAuditor']))).toBe('/company/audit_log');
  });

  it('an admin on the members, anyone else on the cabinets', () => {
    expect(landingPath(user(['CompanyAdmin', 'CompanyAuditor']))).toBe('/company/members');
    expect(landingPath(user(['CompanyAuditor', 'DocumentImporter']))).toBe('/cabinets');
    expect(landingPath(user([]))).toBe('/cabinets');
    expect(landingPath(null)).toBe('/cabinets');
  });

  it('an auditor whose company has the log off lands on the cabinets, not on a 403', () => {
    expect(landingPath(user(['CompanyAuditor'], { auditLog: false }))).toBe('/cabinets');
  });
});
