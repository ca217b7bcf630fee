import { EntityType, type TEntityType } from '@cloudsign/contract';

/** A member group as pickers and lists name it: 「すべてのメンバー」 says that it holds everyone. */
export const groupLabel = (g: { name: string; type: TEntityType }) =>
  g.type === EntityType.System ? `${g.name}（全員）` : g.name;
