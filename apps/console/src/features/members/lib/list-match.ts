import {
  memberSearchText,
  searchKeywordTerms,
  type TMember,
  type TMemberListQuery,
} from '@cloudsign/contract';

/**
 * Whether a member just created falls under a list's conditions. Spec §4 adds him to the list on screen
 * whatever they are; this only decides whether his row says 「現在の条件には含まれません」. A new member is in no
 * user group yet, so a group condition never holds. The keyword is judged by the contract's own folding, the
 * one the server searches with (full/half width, かな/カナ, 髙/高 and the other variant kanji; every word must
 * be found), so the mark never contradicts what a search would answer.
 */
export function matchesListQuery(m: TMember, q: TMemberListQuery): boolean {
  if (q.groupId) return false;
  if (q.role && !m.roles.includes(q.role)) return false;
  if (q.status !== undefined && m.status !== q.status) return false;
  if (q.mfa !== undefined && m.mfa !== q.mfa) return false;
  // Just created: never signed in, and not yet 90 days old.
  if (q.signIn === 'inactive90') return false;
  if (q.signIn === 'never' && m.lastSignInAt !== null) return false;
  // Added in the console: 作成元 手動.
  if (q.source !== undefined && q.source !== 'manual') return false;
  const text = memberSearchText(m);
  return searchKeywordTerms(q.keyword).every((term) => text.includes(term));
}
