import { describe, expect, it } from 'vitest';
import { avatarInitials } from './avatar-initials.ts';

describe('avatarInitials', () => {
  it.each([
    ['管理 太郎', '管'],
    ['一般 花子', '一般'],
    ['ー 太郎', 'ー'],
    ['—田', '—田'],
    ['𠮷田 花子', '𠮷'],
    ['', '?'],
  ])('%s → %s', (name, initials) => {
    expect(avatarInitials(name)).toBe(initials);
  });
});
