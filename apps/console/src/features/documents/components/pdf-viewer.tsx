import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { TDocumentDetail } from '@cloudsign/contract';
import { PanelError } from '../../../components/error-boundary/error-boundary.tsx';
import { describeError } from '../../../lib/error-text.ts';
import { downloadDocumentPdf, isPdfNotShown, useDocumentPdf } from '../api/document-file.ts';
import { formatBytes } from '../lib/format.ts';

type File = TDocumentDetail['files'][number];

/** The PDF rendered in the page by the browser's viewer, from a blob fetched with the Bearer token. */
export function PdfViewer({ documentId, file }: { documentId: string; file: File }) {
  const pdf = useDocumentPdf(documentId, file.id);
  if (pdf.isPending) {
    return (
      <Center h={560}>
        <Loader size="sm" aria-label="PDFを読み込み中" />
      </Center>
    );
  }
  if (pdf.isError) {
    return isPdfNotShown(pdf.error) ? (
      <PdfNotShown documentId={documentId} file={file} error={pdf.error} />
    ) : (
      <PanelError error={pdf.error} onRetry={() => void pdf.refetch()} />
    );
  }
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

/**
 * In place of the frame: the server's reason (scripts inside, or not looked into) and a download, which the
 * server still serves as an attachment: the file is the company's own, it is only not opened in the console.
 */
function PdfNotShown({
  documentId,
  file,
  error,
}: {
  documentId: string;
  file: File;
  error: unknown;
}) {
  const download = useMutation({
    mutationFn: () => downloadDocumentPdf(documentId, file.id, file.name),
  });
  return (
    <Alert color="yellow" title="このPDFはコンソールでは表示できません" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{describeError(error).message}</Text>
        <Button
          size="xs"
          variant="light"
          loading={download.isPending}
          onClick={() => download.mutate()}
        >
          {file.name} をダウンロード
        </Button>
        {download.isError && (
          <Text size="sm" c="red" role="status">
            {describeError(download.error).message}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
