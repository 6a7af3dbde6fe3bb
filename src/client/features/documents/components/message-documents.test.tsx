import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocumentDto } from '#contract/documents.ts';
import { stubApi } from '#tests/helpers/fake-api.ts';
import { renderWithProviders, testUser } from '#tests/helpers/render.tsx';
import { MessageDocuments } from './message-documents.tsx';

const SESSION = '00000000-0000-4000-8000-00000000000a';
const base: DocumentDto = {
  id: '00000000-0000-4000-8000-0000000000d1', sessionId: SESSION, filename: 'x', originalName: 'board-update.pdf', mimeType: 'application/pdf', size: 13247, status: 'ready',
  extractionStatus: 'complete', pageCount: 3, sheetCount: null, textChars: 900, extractionNotes: [], error: null,
  analysis: { executiveRole: 'CFO', industry: 'Finance', executiveSummary: 'Revenue grew 12 percent.', keyPoints: ['Margin held at 61 percent'], risks: ['Top three accounts bring 38 percent'], questions: ['When does the contract renew?'], limitations: [] },
  downloadUrl: '/api/documents/d1/download', createdAt: new Date().toISOString(),
};

afterEach(() => vi.unstubAllGlobals());

describe('MessageDocuments', () => {
  it('shows name, type and size, and opens the analysis', async () => {
    stubApi({ [`GET /api/chat-sessions/:id/documents`]: () => [base, { ...base, id: 'other', originalName: 'not-this-message.csv' }] });
    renderWithProviders(<MessageDocuments sessionId={SESSION} ids={[base.id]} />, { user: testUser() });
    const chip = await screen.findByRole('button', { name: 'board-update.pdf, 12.9 KB: Open the analysis' });
    expect(screen.queryByText('not-this-message.csv')).not.toBeInTheDocument();
    await userEvent.click(chip);
    const dialog = await screen.findByRole('dialog', { name: 'board-update.pdf' });
    for (const text of [
      'PDF · 12.9 KB · 3 pages',
      'Executive summary',
      'Revenue grew 12 percent.',
      'Margin held at 61 percent',
      'Top three accounts bring 38 percent',
      'When does the contract renew?',
    ]) expect(dialog).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', '/api/documents/d1/download');
  });

  it('says when the analysis is still being written, and when it failed', async () => {
    stubApi({ [`GET /api/chat-sessions/:id/documents`]: () => [{ ...base, status: 'processing', analysis: null }, { ...base, id: 'f', status: 'failed', analysis: null, error: 'It could not be analysed.' }] });
    renderWithProviders(<MessageDocuments sessionId={SESSION} ids={[base.id, 'f']} />, { user: testUser() });
    expect(await screen.findByRole('button', { name: 'board-update.pdf, 12.9 KB: Analysing…' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'board-update.pdf, 12.9 KB: Not analysed' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('It could not be analysed.');
  });

  it('offers what another feature gives beside an analysed document only, and it does not open the analysis', async () => {
    stubApi({ [`GET /api/chat-sessions/:id/documents`]: () => [base, { ...base, id: 'p', originalName: 'draft.docx', status: 'processing', analysis: null }, { ...base, id: 'f', originalName: 'scan.png', status: 'failed', analysis: null }] });
    const seen: Array<{ id: string; name: string }> = [];
    const renderAction = (document: { id: string; name: string }) => {
      seen.push(document);
      return <button type="button">{`Act on ${document.name}`}</button>;
    };
    renderWithProviders(<MessageDocuments sessionId={SESSION} ids={[base.id, 'p', 'f']} renderAction={renderAction} />, { user: testUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Act on board-update.pdf' }));
    expect(screen.queryByRole('button', { name: 'Act on draft.docx' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Act on scan.png' })).not.toBeInTheDocument();
    expect(new Set(seen.map((document) => JSON.stringify(document)))).toEqual(new Set([JSON.stringify({ id: base.id, name: 'board-update.pdf' })]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
