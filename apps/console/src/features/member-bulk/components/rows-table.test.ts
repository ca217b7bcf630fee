import { describe, expect, it } from 'vitest';
import type { TBulkRow } from '@cloudsign/contract';
import { MEMBER_ROWS_SPEC } from './rows-table.tsx';

const values = {
  email: 'taro@example.test',
  name: '山田 太郎',
  organization: '',
  roles: [],
  groups: [],
  updatedAt: '2025-09-09T05:15:27.444+09:00',
};

describe('member rows: 更新日時', () => {
  it('reads as the file writes it, a JST date and time to the second, not the ISO instant the check keeps', () => {
    const row: TBulkRow = {
      rowNumber: 2,
      action: 'update',
      targetId: '10000000-0000-4000-8000-000000000001',
      subject: '山田 太郎',
      input: { 更新日時: '2025/9/9 5:15' },
      before: values,
      after: { ...values, name: '山田 一郎' },
      errors: [],
      outcome: 'pending',
      outcomeMessage: null,
    };
    expect(MEMBER_ROWS_SPEC.value(row, '更新日時')).toMatchObject({
      before: '2025/09/09 05:15:27',
      after: '2025/09/09 05:15:27',
      isChanged: false,
      isKey: true,
    });
  });
});
