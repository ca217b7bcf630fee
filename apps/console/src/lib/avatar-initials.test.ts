import { describe, expect, it } from 'vitest';
import { avatarInitials } from './avatar-initials.ts';

describe('avatarInitials', () => {
  it.each([
    ['管理 太郎', '管'],
    ['一般 花子', '一般'],
    ['ー 太郎', 'ー太'],
    ['—田', '—田'],
    ['𠮷田 花子', '𠮷'],
    ['　山田', '山'],
  ])('%s → %s', (name, initials) => {
    expect(avatarInitials(name)).toBe(initials);
  });

  it.each(['', '   ', 'ー', '一', 'ーー 一'])('%j has no letters that read as a person', (name) => {
    expect(avatarInitials(name)).toBeNull();
  });
});
