import { afterEach, describe, expect, it, vi } from 'vitest';

const notify = vi.fn();
vi.mock('#client/lib/notify.ts', () => ({ notify: (...args: unknown[]) => notify(...args) }));
const { copyMessageAsMarkdown } = await import('./copy-message.ts');

afterEach(() => {
  notify.mockReset();
  vi.unstubAllGlobals();
});

function stubClipboard(writeText: (text: string) => Promise<void>) {
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
}

describe('copyMessageAsMarkdown', () => {
  it('puts the Markdown on the clipboard and says so', async () => {
    const writeText = vi.fn(async () => {});
    stubClipboard(writeText);
    await expect(copyMessageAsMarkdown('  ## Plan\n\n- **one**  \n')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('## Plan\n\n- **one**');
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ title: 'Message copied' }));
  });

  it("says 'Copy failed' when the clipboard refuses", async () => {
    stubClipboard(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    await expect(copyMessageAsMarkdown('x')).resolves.toBe(false);
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ title: 'Copy failed', variant: 'destructive' }));
  });
});
