import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn } from './class-names.ts';

// Every source file of the client, as text, to find the class lists the app really combines.
const sources = import.meta.glob('../**/*.tsx', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

const literals = (text: string) => [...text.matchAll(/(["'`])((?:(?!\1)[^\\$\n])*)\1/g)].map((m) => m[2]!.trim()).filter((s) => /^[!a-z[-][\w\-:/.[\]()&>*%,=#'!@]*(\s+[!a-z[-][\w\-:/.[\]()&>*%,=#'!@]*)*$/.test(s) && /-/.test(s));
const classNameProps = (text: string) => [...text.matchAll(/className="([^"]+)"/g)].map((m) => m[1]!);

const uiBases = [...new Set(Object.entries(sources).filter(([file]) => file.includes('/components/ui/')).flatMap(([, text]) => literals(text)))];
const overrides = [...new Set(Object.values(sources).flatMap(classNameProps))];

// tailwind-merge does not know Tailwind 4's legacy spelling bg-gradient-to-*; ask it with the new one (bg-linear-to-*).
const modern = (value: string) => value.replaceAll('bg-gradient-to-', 'bg-linear-to-');
const asSet = (value: string) => [...new Set(value.split(/\s+/).filter(Boolean))].sort();

describe('cn', () => {
  it('lets a later class override an earlier one of the same kind, under the same variants', () => {
    expect(cn('h-10 px-4 text-sm', 'h-12 text-base')).toBe('px-4 h-12 text-base');
    expect(cn('text-muted-foreground text-sm', 'text-foreground')).toBe('text-sm text-foreground');
    expect(cn('max-w-lg', 'max-w-2xl')).toBe('max-w-2xl');
    expect(cn('hover:bg-muted bg-card', 'hover:bg-primary')).toBe('bg-card hover:bg-primary');
    expect(cn('border border-input', 'border-2 border-brand')).toBe('border-2 border-brand');
    expect(cn('flex', 'hidden md:flex')).toBe('hidden md:flex');
    expect(cn('p-6', false, null, undefined, ['pt-0'])).toBe('p-6 pt-0');
  });

  it(`agrees with tailwind-merge on every ui base class list and className in the app (${uiBases.length} x ${overrides.length})`, () => {
    expect(uiBases.length).toBeGreaterThan(10);
    expect(overrides.length).toBeGreaterThan(50);
    const disagreements: string[] = [];
    for (const base of uiBases) {
      for (const override of overrides) {
        const ours = asSet(modern(cn(base, override)));
        const theirs = asSet(twMerge(modern(base), modern(override)));
        if (ours.join(' ') !== theirs.join(' ')) disagreements.push(`cn("${base}", "${override}")\n  ours:   ${ours.join(' ')}\n  theirs: ${theirs.join(' ')}`);
      }
    }
    expect(disagreements.slice(0, 5).join('\n'), `${disagreements.length} disagreements, the first 5 shown`).toBe('');
  });
});
