import { describe, expect, it } from 'vitest';
import { composeDemoComparison } from './demo-comparison.ts';
import { DEMO_MARKER } from './demo-reply.ts';

describe('the demo comparison (decision 078)', () => {
  it('reads both answers: the terms they share, each lead, and what only its own answer weighs', () => {
    const text = composeDemoComparison(
      { task: 'compare', executiveRole: 'CMO', firstExecutiveRole: 'CFO' },
      {
        firstAnswer: `${DEMO_MARKER}\n\n**My take:** Delay the second store until leverage falls. Margins and leverage decide it.`,
        ownAnswer: `${DEMO_MARKER}\n\n**My take:** Open it now while footfall grows. Margins matter, but awareness compounds.`,
      },
    );
    expect(text).toBe(
      [
        '- **Where we agree:** both answers turn on margins.',
        '- **Where we differ:** the Chief Financial Officer leads with "My take: Delay the second store until leverage falls"; I lead with "My take: Open it now while footfall grows". I weigh footfall, matter, awareness, which the Chief Financial Officer does not raise.',
        "- **What it means for you:** where the two leads differ, the deciding question is which risk you can carry; test each against your own figures before you choose.",
      ].join('\n'),
    );
  });
});
