import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithUi } from '../../../testing/render.tsx';
import { AuditChainHead } from './audit-chain-head.tsx';

const anchor = `6f1c1b52-8a8e-4f61-9a57-0c6f1f3e2d10:1234:${'ab'.repeat(32)}`;

describe('<AuditChainHead>', () => {
  it('shows the newest event’s number and JST time with the anchor to copy', () => {
    renderWithUi(
      <AuditChainHead
        head={{ seq: 1234, hash: 'ab'.repeat(32), occurredAt: '2026-11-27T15:04:00.000Z', anchor }}
      />,
    );
    const panel = screen.getByRole('region', { name: 'チェーンの先頭（改ざん検知用）' });
    expect(panel).toHaveTextContent('チェーンの先頭（改ざん検知用）');
    expect(panel).toHaveTextContent('最新の記録: 1,234番目（2026/11/28 00:04）');
    expect(screen.getByTestId('audit-chain-anchor')).toHaveTextContent(anchor);
    expect(screen.getByRole('button', { name: 'コピー' })).toBeVisible();
  });

  it('says so before the first event', () => {
    renderWithUi(<AuditChainHead head={null} />);
    expect(screen.getByTestId('audit-chain-head')).toHaveTextContent('まだ記録がありません。');
  });
});
