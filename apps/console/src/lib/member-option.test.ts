import { describe, expect, it } from 'vitest';
import { memberOptionLabel } from './member-option.ts';

describe('memberOptionLabel', () => {
  it('names 所属 and 状態, and marks an invitee who never signed in', () => {
    const base = { name: '田中 一郎', email: 'tanaka@example.com', organization: '営業部' };
    expect(memberOptionLabel({ ...base, status: 1 })).toBe(
      '田中 一郎（tanaka@example.com）・営業部・有効',
    );
    expect(memberOptionLabel({ ...base, status: 0 })).toBe(
      '田中 一郎（tanaka@example.com）・営業部・招待中',
    );
    expect(
      memberOptionLabel({ name: '', email: 'x@example.com', organization: '', status: 3 }),
    ).toBe('x@example.com・—・利用停止');
  });
});
