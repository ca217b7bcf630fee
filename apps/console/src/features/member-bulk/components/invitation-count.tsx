import { Text } from '@mantine/core';
import { invitationsToday } from '@cloudsign/contract';
import { useInvitationBudget } from '../api/invitation-budget.ts';
import { fmt } from './labels.ts';

/**
 * How many invitation mails a bulk add sends today and how many wait (docs/decisions.md "Mail from the
 * service": a company's invitations are limited per day, bulk runs' wait for the next days' budget).
 */
export function InvitationCount({ count }: { count: number }) {
  const budget = useInvitationBudget(count > 0);
  if (count === 0) return null;
  if (!budget.data)
    return (
      <Text size="sm" mb="sm">
        追加するメンバーに招待メールを{fmt(count)}通送ります。
      </Text>
    );
  const { today, deferred } = invitationsToday(budget.data, count);
  return (
    <Text size="sm" mb="sm" data-testid="invitation-count">
      {deferred === 0
        ? `追加するメンバーに招待メールを本日${fmt(today)}通送ります。`
        : `招待メールは本日${fmt(today)}通を送り、残りの${fmt(deferred)}通は翌日以降に送ります（招待メールは1日${fmt(budget.data.perDay)}通まで）。`}
    </Text>
  );
}
