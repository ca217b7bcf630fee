import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TDocumentAttributeUpdate } from '@cloudsign/contract';
import { isApiError } from '../../../lib/api-client.ts';
import { importDocument } from '../api/import-document.ts';
import { documentKeys } from '../api/keys.ts';
import type { ImportItem } from '../components/import-file-row.tsx';

const CONCURRENT_UPLOADS = 3;

/** The PDFs chosen for import and their upload, three at a time, each with its progress and result. */
export function useImportQueue(cabinetId: string | null) {
  const client = useQueryClient();
  const [items, setItems] = useState<ImportItem[]>([]);
  const [isRunning, setRunning] = useState(false);
  const patch = (key: string, change: Partial<ImportItem>) =>
    setItems((all) => all.map((it) => (it.key === key ? { ...it, ...change } : it)));

  const start = async () => {
    if (!cabinetId) return;
    setRunning(true);
    const queue = items.filter((it) => it.state === 'waiting');
    const worker = async () => {
      for (let it = queue.shift(); it; it = queue.shift()) {
        const key = it.key;
        patch(key, { state: 'uploading', progress: 0 });
        try {
          const result = await importDocument(cabinetId, it.file, it.attributes, (p) =>
            patch(key, { progress: p.ratio }),
          );
          patch(
            key,
            result.ok
              ? { state: 'done', documentId: result.documentId, progress: 1 }
              : { state: 'failed', error: result.error.message },
          );
        } catch (error) {
          patch(key, {
            state: 'failed',
            error:
              isApiError(error) || error instanceof Error
                ? error.message
                : 'アップロードに失敗しました。',
          });
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENT_UPLOADS }, worker));
    setRunning(false);
    await client.invalidateQueries({ queryKey: documentKeys.lists() });
  };

  const add = (files: File[]) =>
    setItems((all) => [
      ...all,
      ...files.map((file) => ({
        key: crypto.randomUUID(),
        file,
        state: 'waiting' as const,
        progress: 0,
        attributes: null,
      })),
    ]);
  const remove = (key: string) => setItems((all) => all.filter((x) => x.key !== key));
  const setAttributes = (key: string, attributes: TDocumentAttributeUpdate | null) =>
    patch(key, { attributes });

  return { items, isRunning, start, add, remove, setAttributes };
}
