import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './unique-violation.ts';

const pgError = (code: string, constraint?: string) =>
  Object.assign(new Error('duplicate key'), { code, constraint });

describe('isUniqueViolation', () => {
  it('finds the violation through wrappers (drizzle puts the driver error in `cause`)', () => {
    const wrapped = new Error('Failed query', {
      cause: new Error('inner', { cause: pgError('23505', 'users_email_key') }),
    });
    expect(isUniqueViolation(wrapped)).toBe(true);
    expect(isUniqueViolation(wrapped, 'users_email_key')).toBe(true);
  });

  it('with a constraint, another constraint does not count; a driver naming none is taken at its word', () => {
    expect(
      isUniqueViolation(pgError('23505', 'member_groups_company_name_key'), 'users_email_key'),
    ).toBe(false);
    expect(isUniqueViolation(pgError('23505'), 'users_email_key')).toBe(true);
  });

  it('other errors are not unique violations', () => {
    expect(isUniqueViolation(pgError('23503', 'users_email_key'))).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});
