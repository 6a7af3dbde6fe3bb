import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download.ts';

describe('fileNameFromDisposition', () => {
  it('prefers filename* and decodes it', () => {
    expect(fileNameFromDisposition(`attachment; filename="Q3 plan.pdf"; filename*=UTF-8''Q3%20plan%20%E2%80%94%20CFO.pdf`, 'x.pdf')).toBe('Q3 plan — CFO.pdf');
  });
  it('reads a quoted or bare filename', () => {
    expect(fileNameFromDisposition('attachment; filename="Pricing.pdf"', 'x.pdf')).toBe('Pricing.pdf');
    expect(fileNameFromDisposition('attachment; filename=Pricing.pdf', 'x.pdf')).toBe('Pricing.pdf');
  });
  it('falls back when there is no usable name', () => {
    expect(fileNameFromDisposition(null, 'conversation.pdf')).toBe('conversation.pdf');
    expect(fileNameFromDisposition('attachment', 'conversation.pdf')).toBe('conversation.pdf');
    expect(fileNameFromDisposition('attachment; filename=""', 'conversation.pdf')).toBe('conversation.pdf');
  });
});
