import { describe, expect, it } from 'vitest';
import { DEMO_MARKER, splitDemoMarker, withoutDemoMarker } from './demo-marker.ts';

const marker = '> *Sample answer from the offline demo advisor, not advice.*';

describe('splitDemoMarker', () => {
  it('takes the marker line off a demo reply', () => {
    const split = splitDemoMarker(`${marker}\n\n**My take:** grow.`);
    expect(split.isDemo).toBe(true);
    expect(split.body).toBe('**My take:** grow.');
    expect(split.note).toBe('Sample answer from the offline demo advisor, not advice.');
  });

  it('still recognises the older demo line of replies written before', () => {
    const split = splitDemoMarker('> *Demo mode: this reply was composed offline by the built-in demo advisor. Operator: set AI_PROVIDER.*\n\nText');
    expect(split).toMatchObject({ isDemo: true, body: 'Text' });
  });

  it('recognises a marker still arriving', () => {
    expect(splitDemoMarker('> *Sample answer from the offline', true)).toMatchObject({ isDemo: false, body: '' });
    expect(splitDemoMarker('> *Sample answer from the offline demo advisor, not', true)).toMatchObject({ isDemo: true, body: '' });
    expect(splitDemoMarker('> *Dem', true)).toMatchObject({ isDemo: false, body: '' });
  });

  it('leaves other replies alone, blockquotes included', () => {
    expect(splitDemoMarker('> A quote\n\nText')).toEqual({ isDemo: false, note: null, body: '> A quote\n\nText' });
    expect(splitDemoMarker('> ', false).body).toBe('> ');
  });
});

describe('withoutDemoMarker', () => {
  it('takes the line off an exported text and leaves any other text as it is', () => {
    expect(DEMO_MARKER).toBe(marker);
    expect(withoutDemoMarker(`${marker}\n\n### My position: move now\nText`)).toBe('### My position: move now\nText');
    expect(withoutDemoMarker('> A quote\n\nText')).toBe('> A quote\n\nText');
  });
});
