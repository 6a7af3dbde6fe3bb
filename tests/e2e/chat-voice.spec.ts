import { expect, signUpViaApi, test } from './fixtures.ts';
import { chat } from './chat-helpers.ts';

test('speak a question, and hear the reply read aloud once audio is on', async ({ page }) => {
  // Headless Chromium has neither a microphone nor a voice: stand-ins record what the app asks of them.
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    const spoken: { text: string; rate: number; pitch: number; volume: number }[] = [];
    w.__spoken = spoken;
    const synthesis = { speak: (u: { text: string; rate: number; pitch: number; volume: number }) => spoken.push({ text: u.text, rate: u.rate, pitch: u.pitch, volume: u.volume }), cancel: () => {} };
    // The browser's own are read-only accessors: define over them.
    const define = (name: string, value: unknown) => Object.defineProperty(window, name, { value, configurable: true, writable: true });
    define('speechSynthesis', synthesis);
    define('SpeechSynthesisUtterance', class {
      rate = 1;
      pitch = 1;
      volume = 1;
      constructor(readonly text: string) {}
    });
    class FakeRecognition {
      lang = '';
      continuous = true;
      interimResults = true;
      onresult: ((e: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      onerror: ((e: unknown) => void) | null = null;
      start() {
        w.__recognition = { lang: this.lang, continuous: this.continuous, interimResults: this.interimResults };
        setTimeout(() => {
          this.onresult?.({ results: [[{ transcript: 'How do we cut costs without hurting morale' }]] });
          this.onend?.();
        }, 100);
      }
      stop() {}
      abort() {}
    }
    define('SpeechRecognition', FakeRecognition);
    define('webkitSpeechRecognition', FakeRecognition);
  });
  await signUpViaApi(page);
  await page.goto('/chat');
  const c = chat(page);

  await page.getByRole('button', { name: 'Voice input' }).click();
  await expect(c.input).toHaveValue('How do we cut costs without hurting morale');
  expect(await page.evaluate(() => (window as unknown as { __recognition: unknown }).__recognition)).toEqual({ lang: 'en-US', continuous: false, interimResults: false });

  await page.getByRole('button', { name: 'Read replies aloud' }).click();
  await expect(page.getByRole('button', { name: 'Read replies aloud' })).toHaveAttribute('aria-pressed', 'true');
  await c.input.press('Enter');
  await c.waitForReplyStatus('complete');
  await expect.poll(() => page.evaluate(() => (window as unknown as { __spoken: unknown[] }).__spoken.length)).toBe(1);
  const [utterance] = (await page.evaluate(() => (window as unknown as { __spoken: { text: string; rate: number; pitch: number; volume: number }[] }).__spoken))!;
  expect(utterance).toMatchObject({ rate: 0.9, pitch: 1, volume: 0.8 });
  expect(utterance!.text).toMatch(/^My take as your Chief Executive Officer/);
  expect(utterance!.text).not.toMatch(/Demo mode|Sample answer from the offline|\*\*|###|\|/);
});

test('each reply has its own Read aloud button, which reads that reply and turns into Stop reading (issue 29, point 17)', async ({ page }) => {
  // The browser's speech synthesis is its boundary: a stand-in records what is spoken and ends when cancelled.
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    const spoken: string[] = [];
    let current: { onend: (() => void) | null } | null = null;
    w.__spoken = spoken;
    w.__cancels = 0;
    const synthesis = {
      speak: (u: { text: string; onend: (() => void) | null }) => {
        spoken.push(u.text);
        current = u;
      },
      cancel: () => {
        w.__cancels = (w.__cancels as number) + 1;
        const ending = current;
        current = null;
        ending?.onend?.();
      },
      // The page's way to let the voice finish.
      finish: () => {
        const ending = current;
        current = null;
        ending?.onend?.();
      },
    };
    const define = (name: string, value: unknown) => Object.defineProperty(window, name, { value, configurable: true, writable: true });
    define('speechSynthesis', synthesis);
    define('SpeechSynthesisUtterance', class {
      rate = 1;
      pitch = 1;
      volume = 1;
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(readonly text: string) {}
    });
  });
  await signUpViaApi(page);
  await page.goto('/chat');
  const c = chat(page);
  await c.ask('How do we cut costs without hurting morale?');
  await c.waitForReplyStatus('complete');
  const spoken = () => page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken);

  // Audio is off in the header: nothing is read until the reply's own button is pressed.
  expect(await spoken()).toEqual([]);
  const read = c.lastReply.getByRole('button', { name: 'Read aloud', exact: true });
  await read.click();
  await expect.poll(async () => (await spoken()).length).toBe(1);
  expect((await spoken())[0]).toMatch(/^My take as your Chief Executive Officer/);
  const stop = c.lastReply.getByRole('button', { name: 'Stop reading', exact: true });
  await expect(stop).toHaveAttribute('aria-pressed', 'true');
  await stop.click();
  await expect(read).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __cancels: number }).__cancels)).toBeGreaterThan(0);

  // Read again, it goes back to Read aloud by itself when the voice has finished.
  await read.click();
  await expect(stop).toBeVisible();
  await page.evaluate(() => (window.speechSynthesis as unknown as { finish: () => void }).finish());
  await expect(read).toBeVisible();
  expect(await spoken()).toHaveLength(2);
});
