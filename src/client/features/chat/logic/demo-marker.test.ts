import { describe, expect, it } from 'vitest';
import { splitDemoMarker } from './demo-marker.ts';

const marker = '> *Demo mode: this reply was composed offline by the built-in demo advisor. Configure an AI provider for real answers.*';

describe('splitDemoMarker', () => {
  it('takes the marker line off a demo reply', () => {
    const split = splitDemoMarker(`${marker}\n\n**My take:** grow.`);
    expect(split.isDemo).toBe(true);
    expect(split.body).toBe('**My take:** grow.');
    expect(split.note).toBe('Demo mode: this reply was composed offline by the built-in demo advisor. Configure an AI provider for real answers.');
  });

  it('recognises a marker still arriving', () => {
    expect(splitDemoMarker('> *Demo mode: this reply', true)).toMatchObject({ isDemo: true, body: '' });
    expect(splitDemoMarker('> *Dem', true)).toMatchObject({ isDemo: false, body: '' });
  });

  it('leaves other replies alone, blockquotes included', () => {
    expect(splitDemoMarker('> A quote\n\nText')).toEqual({ isDemo: false, note: null, body: '> A quote\n\nText' });
    expect(splitDemoMarker('> ', false).body).toBe('> ');
  });
});
