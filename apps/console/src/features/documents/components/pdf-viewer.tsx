import { Anchor, Center, Group, Loader, Text } from '@mantine/core';
import type { TDocumentDetail } from '@cloudsign/contract';
import { PanelError } from '../../../components/error-boundary/error-boundary.tsx';
import { useDocumentPdf } from '../api/document-file.ts';
import { formatBytes } from '../lib/format.ts';

/** The PDF rendered in the page by the browser's viewer, from a blob fetched with the Bearer token. */
export function PdfViewer({
  documentId,
  file,
}: {
  documentId: string;
  file: TDocumentDetail['files'][number];
}) {
  const pdf = useDocumentPdf(documentId, file.id);
  if (pdf.isPending) {
    return (
      <Center h={560}>
        <Loader size="sm" aria-label="PDFを読み込み中" />
      </Center>
    );
  }
  if (pdf.isError) return <PanelError error={pdf.error} onRetry={() => void pdf.refetch()} />;
  return (
    <>
      <Group justify="space-between">
        <Text size="sm" fw={600} lineClamp={1}>
          {file.name}（{formatBytes(file.size)}）
        </Text>
        <Anchor href={pdf.data} download={file.name} size="sm">
          ダウンロード
        </Anchor>
      </Group>
      <iframe
        src={pdf.data}
        title={`PDF: ${file.name}`}
        data-testid="pdf-frame"
        style={{ width: '100%', height: 560, border: '1px solid #dee2e6', borderRadius: 4 }}
      />
    </>
  );
}
