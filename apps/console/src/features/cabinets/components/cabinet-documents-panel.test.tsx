import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { EntityType, type TCabinet } from '@cloudsign/contract';
import { renderWithUi } from '../../../testing/render.tsx';
import { CabinetDocumentsPanel } from './cabinet-documents-panel.tsx';

vi.mock('./file-documents-modal.tsx', () => ({ FileDocumentsModal: () => null }));
// A company admin, who may download the listed documents.
vi.mock('../../../lib/current-user.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useCurrentUser: () => ({ roles: ['CompanyAdmin'], company: { bulkDownloadMembers: false } }),
}));
vi.mock('../api/find-cabinet-documents.ts', () => ({
  CABINET_DOCUMENTS_PER_PAGE: 50,
  useCabinetDocuments: () => ({
    isPending: false,
    isError: false,
    data: {
      total: 1,
      isTotalExact: true,
      documents: [
        {
          id: 'd1',
          title: '業務委託契約書',
          counterparty: '株式会社テスト',
          status: 2,
          senderName: '山田 太郎',
          updatedAt: '2024-03-31T15:30:00.000Z',
        },
      ],
    },
  }),
}));

const cabinet: TCabinet = {
  id: '00000000-0000-4000-8000-000000000001',
  name: '契約書',
  note: '',
  type: EntityType.User,
  isAdmin: false,
  admins: [],
  memberGroups: [],
  classificationRules: [],
  documentCount: 1,
  updatedAt: '2026-04-01T00:00:00.000Z',
};

// The admin reads Japan time whatever the browser's time zone: run this in one far from it.
const tz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Los_Angeles';
});
afterAll(() => {
  process.env.TZ = tz;
});

describe('<CabinetDocumentsPanel>', () => {
  it('shows a document’s update time in Japan time, as every other list does', () => {
    // The console's data router: the list's URL state waits on the route's middleware.
    const router = createMemoryRouter([
      { path: '/', element: <CabinetDocumentsPanel cabinet={cabinet} /> },
    ]);
    renderWithUi(<RouterProvider router={router} />);
    const row = screen.getByRole('row', { name: /業務委託契約書/ });
    expect(row).toHaveTextContent('2024/04/01 00:30');
  });
});
