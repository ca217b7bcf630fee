import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { documentEndpoints } from '@cloudsign/contract';
import { renderWithUi } from '../../../testing/render.tsx';
import { PdfViewer } from './pdf-viewer.tsx';

const authorizedFetch = vi.hoisted(() => vi.fn<(url: string) => Promise<Response>>());
const downloadEndpoint = vi.hoisted(() => vi.fn(() => Promise.resolve('古い契約書.pdf')));
vi.mock('../../../lib/http.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http.ts')>()),
  authorizedFetch,
  buildApiUrl: (path: string) => `https://api.example${path}`,
}));
vi.mock('../../../lib/call-endpoint.ts', () => ({ downloadEndpoint }));
afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

const DOC = '11111111-1111-4111-8111-111111111111';
const FILE = { id: '22222222-2222-4222-8222-222222222222', name: '古い契約書.pdf', size: 2048 };
const NOT_SHOWN =
  'このPDFにはJavaScript（開いたときなどに動くプログラム）が含まれているため、安全のためコンソールでは表示できません。ダウンロードしてファイルとして保存することはできます。';

const renderViewer = () =>
  renderWithUi(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <PdfViewer documentId={DOC} file={FILE} />
    </QueryClientProvider>,
  );

describe('<PdfViewer>', () => {
  it('shows the server’s reason instead of the frame when the PDF carries scripts, and offers a download', async () => {
    authorizedFetch.mockResolvedValue(
      Response.json(
        { error: { code: 'invalid_state', message: NOT_SHOWN, requestId: 'r1' } },
        { status: 409 },
      ),
    );
    renderViewer();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('このPDFはコンソールでは表示できません');
    expect(alert).toHaveTextContent(NOT_SHOWN);
    expect(screen.queryByTitle(`PDF: ${FILE.name}`)).toBeNull();

    fireEvent.click(within(alert).getByRole('button', { name: '古い契約書.pdf をダウンロード' }));
    await waitFor(() =>
      expect(downloadEndpoint).toHaveBeenCalledWith(documentEndpoints.file, {
        params: { id: DOC, fileId: FILE.id },
        query: { download: '1' },
        filename: FILE.name,
      }),
    );
  });

  it('shows a clean PDF in the frame as before', async () => {
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:pdf-1';
      },
    );
    authorizedFetch.mockResolvedValue(
      new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { status: 200 }),
    );
    renderViewer();
    const frame = await screen.findByTitle(`PDF: ${FILE.name}`);
    expect(frame).toHaveAttribute('src', 'blob:pdf-1');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
