import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DocumentDto } from '#contract/documents.ts';
import { errorCatalog } from '#contract/errors.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { renderWithProviders, testUser } from '#tests/helpers/render.tsx';
import type { UploadCalls } from '../logic/upload-document.ts';
import { UploadError } from '../logic/upload-policy.ts';
import { useAttachments, type Attachments, type AttachmentsOptions } from './use-attachments.tsx';

const SESSION = '00000000-0000-4000-8000-00000000000a';
const ready: DocumentDto = {
  id: '00000000-0000-4000-8000-0000000000d1', sessionId: SESSION, filename: 'x', originalName: 'budget.xlsx', mimeType: '', size: 7202, status: 'ready',
  extractionStatus: 'complete', pageCount: null, sheetCount: 2, textChars: 300, extractionNotes: [], error: null,
  analysis: { executiveRole: 'CFO', industry: 'Finance', executiveSummary: 'Marketing takes 4,870,000.', keyPoints: ['Costs rise'], risks: ['Concentration'], questions: ['Why now?'], limitations: [] },
  downloadUrl: '/api/documents/d1/download', createdAt: new Date().toISOString(),
};

function calls(overrides: Partial<UploadCalls> = {}): UploadCalls {
  return {
    getUploadUrl: async () => ({ uploadURL: '/api/storage/uploads/k?expires=1&signature=s', expiresAt: '' }),
    putFile: async (_url, _file, options) => options.onProgress?.(0.5),
    processDocument: async () => ready,
    getDocument: async () => ready,
    sleep: async () => {},
    now: () => 0,
    ...overrides,
  };
}

let latest: Attachments;
function Harness({ options, uploadCalls }: { options: AttachmentsOptions; uploadCalls: UploadCalls }) {
  latest = useAttachments(options, uploadCalls);
  return (
    <div>
      {latest.button}
      {latest.panel}
    </div>
  );
}

const free = (used: number) => ({ isPremium: false, attachmentsUsed: used, attachmentsLimit: 1 });
function setup(options: Partial<AttachmentsOptions> = {}, uploadCalls = calls()) {
  const onUpgrade = vi.fn();
  renderWithProviders(<Harness options={{ usage: free(0), onUpgrade, executiveRole: 'CFO', industry: 'Finance', ...options }} uploadCalls={uploadCalls} />, { user: testUser() });
  return { onUpgrade };
}

async function stage(name = 'budget.xlsx', size = 7202) {
  await userEvent.click(screen.getByRole('button', { name: 'Attach a document' }));
  const dialog = await screen.findByRole('dialog', { name: 'Attach a document' });
  expect(dialog).toHaveTextContent('Document analysis today: 0 / 1 used (free plan).');
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  await userEvent.upload(screen.getByLabelText('Choose a file'), file);
}

describe('useAttachments', () => {
  it('stages a file from the dialog, disables attach while it is staged, and removes it', async () => {
    setup();
    await stage();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('staged-document')).toHaveTextContent('budget.xlsx');
    expect(screen.getByRole('button', { name: 'Attach a document' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Attach a document' })).toHaveAccessibleDescription('One document per message: send or remove the staged one first.');
    await userEvent.click(screen.getByRole('button', { name: 'Remove budget.xlsx' }));
    expect(screen.queryByTestId('staged-document')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Attach a document' })).toBeEnabled();
  });

  it('refuses a file over 100 MB with the spec notice', async () => {
    setup();
    await stage('huge.pdf', 100 * 1024 * 1024 + 1);
    expect(await screen.findByText('File too large')).toBeInTheDocument();
    expect(screen.getByText('Please select a file smaller than 100MB')).toBeInTheDocument();
    expect(screen.queryByTestId('staged-document')).not.toBeInTheDocument();
  });

  it('uploads the staged file when asked, showing its progress, and answers its id', async () => {
    let release!: () => void;
    setup({}, calls({ putFile: (_url, _file, options) => new Promise((resolve) => { options.onProgress?.(0.42); release = () => resolve(); }) }));
    await stage();
    let ids: Promise<string[] | null>;
    act(() => {
      ids = latest.upload(SESSION);
    });
    const bar = await screen.findByRole('progressbar', { name: 'Uploading budget.xlsx' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('Uploading… 42%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Attach a document' })).toHaveAccessibleDescription('Wait for the upload to finish.');
    await act(async () => release());
    await expect(ids!).resolves.toEqual([ready.id]);
    expect(screen.queryByTestId('staged-document')).not.toBeInTheDocument();
  });

  it("says 'Upload Failed' with the reason, keeps the file staged and answers null", async () => {
    setup({}, calls({ putFile: async () => { throw new UploadError({ kind: 'storage', status: 403 }, 403); } }));
    await stage();
    let result: string[] | null = [];
    await act(async () => {
      result = await latest.upload(SESSION);
    });
    expect(result).toBeNull();
    expect(await screen.findByText('Upload Failed')).toBeInTheDocument();
    expect(screen.getByText('Storage upload failed with status 403')).toBeInTheDocument();
    expect(screen.getByTestId('staged-document')).toHaveTextContent('Attached: sent with your next message');
  });

  it('cancels: the upload is aborted and the user told', async () => {
    setup({}, calls({ putFile: (_url, _file, options) => new Promise((_resolve, reject) => options.signal.addEventListener('abort', () => reject(new UploadError({ kind: 'cancelled' })))) }));
    await stage();
    let ids: Promise<string[] | null>;
    act(() => {
      ids = latest.upload(SESSION);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(ids!).resolves.toBeNull();
    expect(await screen.findByText('Upload cancelled by user')).toBeInTheDocument();
  });

  it("offers Premium when today's attachment is used, from the button and from the server's refusal", async () => {
    const { onUpgrade } = setup({ usage: free(1) });
    const button = screen.getByRole('button', { name: 'Attach a document' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription("Today's free attachment is used. Upgrade to Premium for unlimited attachments.");
    await userEvent.click(button);
    expect(onUpgrade).toHaveBeenCalledWith(errorCatalog['rate_limit:attachments'].message);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the upgrade dialog when the server refuses the upload URL', async () => {
    const refusal = new ApiError(429, errorCatalog['rate_limit:attachments'].message, 'rate_limit:attachments');
    const { onUpgrade } = setup({}, calls({ getUploadUrl: async () => { throw refusal; } }));
    await stage();
    await act(async () => {
      await latest.upload(SESSION);
    });
    expect(onUpgrade).toHaveBeenCalledWith(refusal.message);
    expect(screen.queryByText('Upload Failed')).not.toBeInTheDocument();
  });
});
