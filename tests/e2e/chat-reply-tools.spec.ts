import { chatText } from '../../src/contract/chat.ts';
import { appendMessages } from './control.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';
import { chat } from './chat-helpers.ts';
import { seedConversation, usePremium } from './history-helpers.ts';

/** A finished reply with what an executive copies into an e-mail: emphasis, a table and a code block. */
const richReply = [
  '**Recommendation:** raise prices by *4%* in Q3.',
  '',
  '| Option | Cost |',
  '| --- | --- |',
  '| Build | $2M |',
  '| Buy | $3M |',
  '',
  '```',
  'margin = (price - cost) / price',
  '```',
].join('\n');

/**
 * The clipboard's types and their contents, read in the page. A read that overlaps a write still in flight fails with
 * "Clipboard data has changed" (the item read went stale under it); that read is made again, as a user pasting a
 * moment later would get the new content.
 */
async function readClipboard(page: import('@playwright/test').Page) {
  return page.evaluate(async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        const [item] = await navigator.clipboard.read();
        const read = async (type: string) => (item!.types.includes(type) ? (await item!.getType(type)).text() : null);
        return { html: await read('text/html'), text: await read('text/plain') };
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'InvalidStateError') || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
  });
}

const longAnswer = Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1}: a long earlier answer that fills the screen with text to scroll past.`).join('\n\n');

test('copy a reply, a table and a code block as rich and plain text; scrolled up while a reply is written, "Jump to latest" says new text is arriving and goes back to it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const user = await signUpViaApi(page);
  const { id } = await seedConversation(page, { title: 'Long talk' });
  expect(await appendMessages(user.email, id, [
    { role: 'user', content: 'Tell me everything.' },
    { role: 'assistant', content: longAnswer },
    { role: 'user', content: 'And more.' },
    { role: 'assistant', content: longAnswer },
    { role: 'user', content: 'Your recommendation?' },
    { role: 'assistant', content: richReply },
  ])).toBe(6);
  await page.goto(`/chat?session=${id}`);
  const c = chat(page);
  await expect(c.replies).toHaveCount(3);

  // Copy puts the reply on the clipboard formatted and as clean text, never as raw Markdown (issue 14, defect 10).
  const rich = c.lastReply;
  await rich.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(rich.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
  const copied = await readClipboard(page);
  expect(copied.text).toContain('Recommendation: raise prices by 4% in Q3.');
  expect(copied.text).toContain('Option\tCost\nBuild\t$2M\nBuy\t$3M');
  expect(copied.text).not.toContain('**');
  expect(copied.html).toContain('<strong>Recommendation:</strong>');
  expect(copied.html).toContain('<em>4%</em>');
  expect(copied.html).toMatch(/<table[^>]*>.*<th[^>]*>Option<\/th>/s);
  // The table's and the code block's own buttons copy just those.
  await rich.getByRole('button', { name: chatText.copyBlock.table }).click();
  await expect(rich.getByRole('button', { name: chatText.copyBlock.copied, exact: true }).first()).toBeVisible();
  const table = await readClipboard(page);
  expect(table.text).toBe('Option\tCost\nBuild\t$2M\nBuy\t$3M');
  expect(table.html).toMatch(/<td[^>]*>Build<\/td>/);
  await rich.getByRole('button', { name: chatText.copyBlock.code }).click();
  await expect.poll(async () => (await readClipboard(page)).text).toBe('margin = (price - cost) / price\n');
  const jump = page.getByTestId('jump-to-latest');
  await expect(jump).toBeHidden();

  // As soon as the new reply's first words show, the reader scrolls to the top (from inside the page, while it streams)
  // and notes what the button said then.
  const seen = page.evaluate(
    () =>
      new Promise<{ label: string; top: number }>((resolve) => {
        const main = document.getElementById('main')!;
        let scrolled = false;
        const observer = new MutationObserver(() => {
          const reply = [...document.querySelectorAll<HTMLElement>('[data-testid="assistant-message"]')].at(-1);
          if (reply?.dataset.status !== 'streaming' || !reply.textContent?.includes('My take as your')) return;
          if (!scrolled) {
            scrolled = true;
            main.scrollTop = 0;
            main.dispatchEvent(new Event('scroll'));
            return;
          }
          const button = document.querySelector<HTMLElement>('[data-testid="jump-to-latest"]');
          if (!button) return;
          observer.disconnect();
          resolve({ label: button.textContent ?? '', top: main.scrollTop });
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      }),
  );
  await c.ask('What should the board hear first?');
  const whileWriting = await seen;
  expect(whileWriting.label).toContain(chatText.jumpToLatest.arriving('CFO'));
  expect(whileWriting.label).toContain(chatText.jumpToLatest.label);
  expect(whileWriting.top, 'the view stays where the reader scrolled').toBe(0);

  await c.waitForReplyStatus('complete');
  // The reply ended: the button stays, without the note, and the view did not move.
  await expect(jump).toHaveText(chatText.jumpToLatest.label);
  expect(await page.evaluate(() => document.getElementById('main')!.scrollTop)).toBe(0);
  await jump.click();
  await expect(jump).toBeHidden();
  await expect(c.lastReply.getByText('Questions for you')).toBeInViewport();
});

test('keyboard shortcuts, regenerate a reply as a new take (a free interaction), edit and resend the last question', async ({ page }) => {
  await signUpViaApi(page, { firstName: 'Noor' });
  await page.goto('/chat');
  const c = chat(page);
  const usage = page.getByTestId('usage-bar');
  await expect(page.getByRole('heading', { name: 'Welcome, Noor' })).toBeVisible();

  // "?" lists the shortcuts; "/" focuses the message box.
  await page.locator('body').press('?');
  const shortcuts = page.getByRole('dialog', { name: chatText.shortcuts.title });
  for (const shortcut of chatText.shortcuts.list) await expect(shortcuts).toContainText(shortcut.action);
  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();
  await page.locator('body').press('/');
  await expect(c.input).toBeFocused();

  await c.ask('Should we raise prices?');
  await c.waitForReplyStatus('complete');
  await expect(usage).toContainText('4 interactions left');
  const first = await c.lastReply.innerText();

  // A second opinion is Premium: a free account is shown the upgrade.
  await c.lastReply.getByRole('button', { name: chatText.secondOpinion.label }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade to Premium' });
  await expect(upgrade).toContainText(chatText.secondOpinion.isPremium);
  await upgrade.getByRole('button', { name: 'Not Now' }).click();

  // Regenerate writes the reply again, differently, in the same place; a new reply is a free interaction.
  await c.lastReply.getByRole('button', { name: 'Regenerate' }).click();
  await expect(c.lastReply).toContainText('A different take, as you asked.');
  await c.waitForReplyStatus('complete');
  expect(await c.lastReply.innerText()).not.toBe(first);
  await expect(c.replies).toHaveCount(1);
  await expect(usage).toContainText('3 interactions left');

  // Edit the last question: it comes back to the message box; sending replaces it and its reply.
  await c.userMessages.last().hover();
  await c.userMessages.last().getByRole('button', { name: 'Edit' }).click();
  await expect(c.input).toHaveValue('Should we raise prices?');
  await expect(c.input).toBeFocused();
  await expect(page.getByText(chatText.editing.note)).toBeVisible();
  await c.input.fill('Should we raise prices by 5% for enterprise customers?');
  await c.input.press('Enter');
  await expect(c.userMessages).toHaveCount(1);
  await expect(c.userMessages.first()).toContainText('Should we raise prices by 5% for enterprise customers?');
  await expect(page.getByText(chatText.editing.note)).toBeHidden();
  await c.waitForReplyStatus('complete');
  await expect(c.lastReply).toContainText('5%');
  await expect(c.replies).toHaveCount(1);
  await expect(usage).toContainText('2 interactions left');
  await page.reload();
  await expect(c.userMessages).toHaveCount(1);
  await expect(c.userMessages.first()).toContainText('Should we raise prices by 5% for enterprise customers?');

  // Ctrl+Shift+O starts a new conversation.
  await page.locator('body').press('Control+Shift+O');
  await expect(page.getByRole('heading', { name: 'Welcome, Noor' })).toBeVisible();
  await expect(page).not.toHaveURL(/session=/);
});

test('Premium asks another executive: a one-off second opinion, labelled, and the conversation keeps its executive (issue 29, point 6)', async ({ page }) => {
  await usePremium(page);
  await signUpViaApi(page);
  const { id } = await seedConversation(page, { title: 'Second store', executiveRole: 'CFO', industry: 'Retail', message: 'Should we open a second store?' });
  await page.goto(`/chat?session=${id}`);
  const c = chat(page);
  await expect(c.replies).toHaveCount(1);
  await c.lastReply.getByRole('button', { name: chatText.secondOpinion.label }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText(chatText.secondOpinion.menuLabel);
  await expect(menu.getByRole('menuitem', { name: 'CFO', exact: true })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'CMO', exact: true }).click();

  await expect(c.userMessages).toHaveCount(2);
  await expect(c.userMessages.last()).toContainText('Should we open a second store?');
  await expect(c.replies).toHaveCount(2);
  const opinion = page.getByRole('article', { name: chatText.secondOpinion.replyLabel('CMO') });
  await expect(opinion).toBeVisible();
  await expect(opinion.getByTestId('second-opinion-badge')).toHaveText(chatText.secondOpinion.badge);
  await expect(opinion).toContainText('My take as your Chief Marketing Officer (Retail)');
  await c.waitForReplyStatus('complete');
  // Its own view first, then, in a second step, where it agrees and disagrees with the CFO (decision 078).
  await expect(opinion.getByRole('heading', { name: 'Where I agree and disagree with the Chief Financial Officer' })).toBeVisible();
  await expect(opinion).toContainText('Where we differ:');
  // No switch: no context note, and the conversation is still the CFO's.
  await expect(page.getByTestId('system-message')).toHaveCount(0);
  await expect(c.contextLine).toHaveText('Research Analyst talking to CFO · Retail');
  await expect(c.replies.first().getByTestId('second-opinion-badge')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('article', { name: chatText.secondOpinion.replyLabel('CMO') })).toBeVisible();
  await expect(c.contextLine).toHaveText('Research Analyst talking to CFO · Retail');
});
