import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorCatalog } from '#contract/errors-text.ts';
import { memoryText } from '#contract/memory-text.ts';
import type { MemoryResponse, PinnedDocumentDto } from '#contract/memory.ts';
import { apiError, stubApi } from '#tests/helpers/fake-api.ts';
import { renderWithProviders, testUser } from '#tests/helpers/render.tsx';
import { DocumentPinAction } from './document-pin-action.tsx';

const DOC = { id: '00000000-0000-4000-8000-0000000000d1', name: 'board-deck.pdf' };
const pinOf = (documentId: string): PinnedDocumentDto => ({ documentId, name: 'board-deck.pdf', sessionId: 's1', sessionTitle: 'Board prep', pinnedAt: '2026-12-01T10:00:00.000Z' });

function memoryWith(pinned: string[], pinsAllowed = true): MemoryResponse {
  return {
    profile: {},
    fieldDates: {},
    staleFields: [],
    runwayMonths: null,
    paused: false,
    facts: [],
    factsAllowed: pinsAllowed,
    pinnedDocuments: pinned.map(pinOf),
    pinsAllowed,
    staleMonths: 12,
    updatedAt: null,
  };
}

/** The API as the server keeps it: the pins list changes with each pin and unpin. */
function stubPins(initial: string[], options: { pinsAllowed?: boolean; pin?: () => Response | undefined } = {}) {
  let pinned = [...initial];
  return stubApi({
    'GET /api/memory': () => memoryWith(pinned, options.pinsAllowed),
    'POST /api/memory/pins': ({ body }) => {
      const refused = options.pin?.();
      if (refused) return refused;
      const { documentId } = body as { documentId: string };
      pinned = [...pinned, documentId];
      return pinOf(documentId);
    },
    'DELETE /api/memory/pins/:documentId': ({ params }) => {
      pinned = pinned.filter((id) => id !== params.documentId);
      return { unpinnedId: params.documentId };
    },
  });
}

function renderAction(onUpgrade = vi.fn(), user = testUser()) {
  renderWithProviders(<DocumentPinAction document={DOC} onUpgrade={onUpgrade} />, { user });
  return onUpgrade;
}

afterEach(() => vi.unstubAllGlobals());

describe('DocumentPinAction (decision 087)', () => {
  it('pins an unpinned document: the exact request, the notice, then it shows as pinned', async () => {
    const api = stubPins([]);
    renderAction();
    await userEvent.click(await screen.findByRole('button', { name: memoryText.pinDocument(DOC.name) }));
    expect(await screen.findByText(memoryText.pinned)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/memory/pins').map((call) => call.body)).toEqual([{ documentId: DOC.id }]);
    const pinned = await screen.findByRole('button', { name: memoryText.unpinDocument(DOC.name) });
    expect(pinned).toHaveTextContent(memoryText.pinnedShort);
    // One read of the pins list before, one after the change: no request per chip or per render.
    expect(api.callsTo('GET', '/api/memory')).toHaveLength(2);
  });

  it('unpins a pinned document from the keyboard, with its notice', async () => {
    const api = stubPins([DOC.id]);
    renderAction();
    const pinned = await screen.findByRole('button', { name: memoryText.unpinDocument(DOC.name) });
    expect(screen.queryByRole('button', { name: memoryText.pinDocument(DOC.name) })).not.toBeInTheDocument();
    pinned.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText(memoryText.unpinned)).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/memory/pins/:documentId').map((call) => call.path)).toEqual([`/api/memory/pins/${DOC.id}`]);
    expect(await screen.findByRole('button', { name: memoryText.pinDocument(DOC.name) })).toBeInTheDocument();
  });

  it('on Free, offers the upgrade with the reason and pins nothing', async () => {
    const api = stubPins([], { pinsAllowed: false });
    const onUpgrade = renderAction(vi.fn(), testUser({ isPremium: false, appUserType: 'standard' }));
    await userEvent.click(await screen.findByRole('button', { name: memoryText.pinDocumentPremium(DOC.name) }));
    expect(onUpgrade).toHaveBeenCalledWith(errorCatalog['forbidden:memory_pins'].message);
    expect(api.callsTo('POST', '/api/memory/pins')).toHaveLength(0);
    expect(screen.queryByText(memoryText.pinned)).not.toBeInTheDocument();
  });

  it('on Free, a document pinned while Premium can still be unpinned', async () => {
    stubPins([DOC.id], { pinsAllowed: false });
    renderAction();
    await userEvent.click(await screen.findByRole('button', { name: memoryText.unpinDocument(DOC.name) }));
    expect(await screen.findByText(memoryText.unpinned)).toBeInTheDocument();
  });

  it.each(['bad_request:pins_full', 'bad_request:pin_not_ready', 'not_found:document'] as const)('shows the server refusal %s in its own words and stays unpinned', async (code) => {
    const api = stubPins([], { pin: () => apiError(code) });
    renderAction();
    await userEvent.click(await screen.findByRole('button', { name: memoryText.pinDocument(DOC.name) }));
    expect(await screen.findByText(errorCatalog[code].message)).toBeInTheDocument();
    expect(screen.queryByText(memoryText.pinned)).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/memory/pins')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('button', { name: memoryText.pinDocument(DOC.name) })).toBeEnabled());
  });

  it('a plan that changed meanwhile: the server refusal opens the upgrade, no notice of success', async () => {
    stubPins([], { pin: () => apiError('forbidden:memory_pins') });
    const onUpgrade = renderAction();
    await userEvent.click(await screen.findByRole('button', { name: memoryText.pinDocument(DOC.name) }));
    await waitFor(() => expect(onUpgrade).toHaveBeenCalledWith(errorCatalog['forbidden:memory_pins'].message));
    expect(screen.queryByText(memoryText.pinned)).not.toBeInTheDocument();
  });
});
