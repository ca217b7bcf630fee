/** The chain check behind `npm run audit:verify`, apart from the command so tests call it directly. */
import type { DbOrTx } from '../../db/client.ts';
import { countEvents, findFirstBreak, type ChainBreak } from './audit-log.repository.ts';

const REASONS: Record<ChainBreak['reason'], string> = {
  hash: '内容が記録時から変わっています（ハッシュが一致しません）',
  link: '直前の記録とのつながりが切れています（前のハッシュが一致しません）',
  gap: 'この記録の直前の記録が削除されています（番号が飛んでいます）',
  head: '最後の記録が削除されています（チェーンの末尾が一致しません）',
};

export type VerifyResult =
  { ok: true; events: number } | ({ ok: false; message: string } & ChainBreak);

export async function verifyChain(db: DbOrTx, companyId: string): Promise<VerifyResult> {
  const broken = await findFirstBreak(db, companyId);
  if (!broken) return { ok: true, events: await countEvents(db, companyId) };
  return { ok: false, ...broken, message: `${broken.seq}番目の記録: ${REASONS[broken.reason]}` };
}
