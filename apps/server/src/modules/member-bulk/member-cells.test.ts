import { describe, expect, it } from 'vitest';
import { hasGroupSeparator, splitGroups } from './member-cells.ts';

describe('メンバーグループ cell', () => {
  it('separates groups by ; or the full-width ； an input method types, blanks and repeats dropped', () => {
    expect(splitGroups('営業部;法務部')).toEqual(['営業部', '法務部']);
    expect(splitGroups('営業部；法務部')).toEqual(['営業部', '法務部']);
    expect(splitGroups(' 営業部 ； 法務部；;営業部；　')).toEqual(['営業部', '法務部']);
    expect(splitGroups('　')).toEqual([]);
  });

  it('keeps other full-width characters of a name as they are, so names still match', () => {
    expect(splitGroups('営業部（東京）；ＡＢＣ')).toEqual(['営業部（東京）', 'ＡＢＣ']);
  });

  it('names a group holding either separator, which the export then writes by id', () => {
    expect(hasGroupSeparator('A;B')).toBe(true);
    expect(hasGroupSeparator('A；B')).toBe(true);
    expect(hasGroupSeparator('営業部（東京）')).toBe(false);
  });
});
