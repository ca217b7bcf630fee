/**
 * The グループ cell's references: each name or id is a user group of the company; the system group
 * 「すべてのメンバー」 holds everyone implicitly, so naming it is allowed and changes nothing. Resolved groups
 * are kept once each, in name order, so a row that names the same groups in another order changes nothing.
 */
import { MEMBER_CSV } from '@cloudsign/contract';
import type { GroupRef } from './member-bulk.repository.ts';
import { MSG } from './member-check-messages.ts';
import type { ParsedMemberRow } from './member-row-parse.ts';

export function createGroupReferences(groups: readonly GroupRef[]) {
  const userGroups = groups.filter((g) => g.type === 0);
  const byId = new Map(userGroups.map((g) => [g.id, g]));
  const byName = new Map(userGroups.map((g) => [g.name, g]));
  const system = new Set(groups.filter((g) => g.type === 1).flatMap((g) => [g.id, g.name]));

  return (p: ParsedMemberRow) => {
    if (!p.groupTokens) return;
    p.groups = [];
    if (p.groupTokens.length === 0) return;
    for (const t of p.groupTokens) {
      const g = byId.get(t.toLowerCase()) ?? byName.get(t);
      if (g) {
        if (!p.groups.some((x) => x.id === g.id)) p.groups.push({ id: g.id, name: g.name });
      } else if (!system.has(t) && !system.has(t.toLowerCase()))
        p.errors.push({ column: MEMBER_CSV.groups, message: MSG.groupNotFound(t) });
    }
    p.groups.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  };
}
