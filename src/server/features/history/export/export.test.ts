import { describe, expect, it } from 'vitest';
import { buildConversationExport, exportFileName, resolveTimeZone } from './conversation.ts';
import { conversationToMarkdown, demoteHeadings } from './markdown.ts';

describe('export helpers', () => {
  it('makes safe file names from any title', () => {
    const day = new Date('2025-11-22T10:00:00Z');
    expect(exportFileName('Préparation: "Board" / Q4 ✨', day, 'pdf')).toBe('preparation-board-q4-2025-11-22.pdf');
    expect(exportFileName('../../etc/passwd', day, 'md')).toBe('etc-passwd-2025-11-22.md');
    expect(exportFileName('日本語', day, 'pdf')).toBe('conversation-2025-11-22.pdf');
    expect(exportFileName('x'.repeat(200), day, 'pdf')).toBe(`${'x'.repeat(60)}-2025-11-22.pdf`);
  });

  it('accepts known time zones only', () => {
    expect(resolveTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(resolveTimeZone('Mars/Olympus')).toBe('UTC');
    expect(resolveTimeZone(undefined)).toBe('UTC');
  });

  it('moves message headings below the speaker sections, leaving code alone', () => {
    expect(demoteHeadings('# Plan\n## Steps\n```\n# not a heading\n```\n###### Deep\n#hashtag')).toBe('### Plan\n#### Steps\n```\n# not a heading\n```\n###### Deep\n#hashtag');
  });

  it('names each speaker and notes replies that did not finish', () => {
    const at = new Date('2025-11-22T15:45:00Z');
    const conversation = buildConversationExport(
      { title: 'T', userRole: 'CEO', executiveRole: 'CFO', industry: 'Energy', createdAt: at },
      [
        { id: '1', role: 'user', content: 'Q', executiveRole: 'CFO', userRole: 'CEO', timestamp: at, status: 'complete', error: null, documentIds: [] },
        { id: '2', role: 'assistant', content: 'Partial', executiveRole: 'CMO', userRole: 'CEO', timestamp: at, status: 'failed', error: 'Provider down.', documentIds: [] },
        { id: '3', role: 'assistant', content: '', executiveRole: null, userRole: 'CEO', timestamp: at, status: 'streaming', error: null, documentIds: [] },
      ],
      { appName: 'Corner Office', timeZone: 'UTC', now: at },
    );
    expect(conversation.messages.map((m) => m.speaker)).toEqual(['You', 'CMO', 'CFO']);
    const markdown = conversationToMarkdown(conversation);
    expect(markdown).toContain('## CMO — Nov 22, 2025, 3:45 PM\n\nPartial\n\n> This reply failed: Provider down.');
    expect(markdown).toContain('> This reply was still being written when the conversation was exported.');
  });
});
