import { MEMBER_STATUS_LABELS } from '@cloudsign/contract';

type Candidate = {
  name: string;
  email: string;
  organization: string;
  status: number;
};

/**
 * One line naming a member in a picker (group members, successor, cabinet admins): 「名前（メール）・所属・状態」.
 * Two 田中 in different 所属 are told apart, and a member who was invited but never signed in reads 招待中, the
 * glossary's one word for that state (`MEMBER_STATUS_LABELS`).
 */
export function memberOptionLabel(m: Candidate): string {
  const who = m.name ? `${m.name}（${m.email}）` : m.email;
  return `${who}・${m.organization || '—'}・${MEMBER_STATUS_LABELS[m.status] ?? '—'}`;
}
