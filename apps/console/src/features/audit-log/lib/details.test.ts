import { describe, expect, it } from 'vitest';
import { describeDetails, fieldLabel, valueText } from './details.ts';

describe('audit event details in words', () => {
  it('names groups and members, not their ids', () => {
    expect(
      describeDetails({
        groups: [
          { id: '6f1c0b52-8a43-4a57-9d0e-1d1f6b0c6a01', name: '法務部' },
          { id: '6f1c0b52-8a43-4a57-9d0e-1d1f6b0c6a02', name: '営業部' },
        ],
        backfill: true,
      }),
    ).toEqual([
      { kind: 'value', label: 'グループ', value: '法務部、営業部' },
      { kind: 'value', label: '既存の書類にも適用', value: 'オン' },
    ]);
  });

  it('says why sessions ended and how many', () => {
    expect(describeDetails({ reason: 'memberDeactivated', sessions: 3 })).toEqual([
      { kind: 'value', label: '理由', value: '利用停止' },
      { kind: 'value', label: '終了したセッション', value: '3' },
    ]);
  });

  it('reads an SSO refusal as the check that failed', () => {
    expect(describeDetails({ method: 'sso', reason: 'signature' })).toEqual([
      { kind: 'value', label: 'ログイン方法', value: 'シングルサインオン' },
      { kind: 'value', label: '理由', value: '署名の検証失敗' },
    ]);
  });

  it('shows a stored word that looks like an object member as it is', () => {
    expect(valueText('reason', 'constructor')).toBe('constructor');
    expect(valueText('__proto__', 'toString')).toBe('toString');
    expect(valueText('roles', ['constructor'])).toBe('constructor');
    expect(fieldLabel('constructor')).toBe('constructor');
  });
});
