import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@mantine/core';
import {
  canBulkDownload,
  canImportDocuments,
  canUseDocumentAttributeBulk,
} from '@cloudsign/contract';
import { useCurrentUser, useIsCompanyAdmin } from '../../../lib/current-user.ts';
import { toApiQuery, type ListQuery } from '../lib/list-query.ts';
import { AttributeBulkMenu } from './attribute-bulk-menu.tsx';
import { AttributeOptionsModal } from './attribute-options-modal.lazy.ts';
import { UpcomingDeadlinesModal } from './upcoming-deadlines-modal.tsx';

/** まとめてダウンロード's dialog is fetched when first opened. */
const BulkDownloadModal = lazy(async () => ({
  default: (await import('../../../components/bulk-download/bulk-download-modal.tsx'))
    .BulkDownloadModal,
}));

/**
 * The documents page's actions, each as the member's privileges allow, and the dialogs they open
 * (portals, so they may live here): 期限が近い書類, 書類情報の設定, まとめてダウンロード of the list's
 * conditions, the attribute CSV menu and インポート.
 */
export function DocumentsActions({ query }: { query: ListQuery }) {
  const user = useCurrentUser();
  const isAdmin = useIsCompanyAdmin();
  const [isOptionsOpen, setOptionsOpen] = useState(false);
  const [isUpcomingOpen, setUpcomingOpen] = useState(false);
  const [isDownloadOpen, setDownloadOpen] = useState(false);

  return (
    <>
      <Button variant="default" onClick={() => setUpcomingOpen(true)}>
        期限が近い書類
      </Button>
      {isAdmin && (
        <Button variant="default" onClick={() => setOptionsOpen(true)}>
          書類情報の設定
        </Button>
      )}
      {canBulkDownload(user) && (
        <Button variant="default" onClick={() => setDownloadOpen(true)}>
          まとめてダウンロード
        </Button>
      )}
      {canUseDocumentAttributeBulk(user) && <AttributeBulkMenu />}
      {canImportDocuments(user) && (
        <Button component={Link} to="/company/documents/import" variant="light">
          インポート
        </Button>
      )}
      {isAdmin && (
        <AttributeOptionsModal opened={isOptionsOpen} onClose={() => setOptionsOpen(false)} />
      )}
      {isUpcomingOpen && (
        <UpcomingDeadlinesModal opened={isUpcomingOpen} onClose={() => setUpcomingOpen(false)} />
      )}
      {isDownloadOpen && (
        <Suspense fallback={null}>
          <BulkDownloadModal
            opened
            onClose={() => setDownloadOpen(false)}
            conditions={toApiQuery(query)}
            scopeLabel="検索結果"
          />
        </Suspense>
      )}
    </>
  );
}
