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
