import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithUi } from '../../../testing/render.tsx';
import { InvitationCount } from './invitation-count.tsx';

const budget = vi.hoisted(() => ({ perDay: 1000, remainingToday: 5, waiting: 2 }));
vi.mock('../api/invitation-budget.ts', () => ({
  useInvitationBudget: () => ({ data: budget }),
}));

describe('the invitation count in a bulk add confirmation', () => {
  it('says how many invitations go today and how many wait, after runs already waiting', () => {
    renderWithUi(<InvitationCount count={10} />);
    expect(screen.getByTestId('invitation-count')).toHaveTextContent(
      '招待メールは本日3通を送り、残りの7通は翌日以降に送ります（招待メールは1日1,000通まで）。',
    );
  });

  it('says all go today when the budget allows', () => {
    renderWithUi(<InvitationCount count={3} />);
    expect(screen.getByTestId('invitation-count')).toHaveTextContent(
      '追加するメンバーに招待メールを本日3通送ります。',
    );
  });
});
