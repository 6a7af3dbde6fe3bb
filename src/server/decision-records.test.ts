import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/decisions: an amended record names, at its top, the records that amend or supersede it (as
 * relative links), so nobody reads a rule that a later record changed without knowing (issue 30,
 * point 7). A record says what it amends in its Status line ("amends 027", "supersedes 048",
 * "follows 045"); this test holds both ends together.
 */
const dir = path.resolve(import.meta.dirname, '../../docs/decisions');
const files = readdirSync(dir)
  .filter((name) => /^\d{3}-.*\.md$/.test(name) && !name.startsWith('000-'))
  .sort();
const text = new Map(files.map((name) => [name.slice(0, 3), readFileSync(path.join(dir, name), 'utf8')]));
const fileOf = new Map(files.map((name) => [name.slice(0, 3), name]));

/** The Status bullet, however many lines it wraps over. */
function statusOf(body: string): string {
  return /^- Status:(.*?)(?=\n\n|\n- |\n#)/ms.exec(body)?.[1] ?? '';
}

/** What a record says it amends or supersedes, from its Status line. */
function changes(body: string): Array<{ kind: 'Amended' | 'Superseded'; target: string }> {
  const match = /\b(amends|supersedes|follows)\b(.*)/s.exec(statusOf(body));
  if (!match) return [];
  const kind = match[1] === 'supersedes' ? 'Superseded' : 'Amended';
  return [...match[2]!.matchAll(/\b0\d\d\b/g)].map(([target]) => ({ kind, target }));
}

/** The "> Amended by ..." / "> Superseded by ..." lines right under the title. */
function pointersOf(body: string): Array<{ kind: string; target: string; file: string }> {
  const head = body.split('\n- Date:')[0]!;
  return [...head.matchAll(/^> (Amended|Superseded) by (.*)$/gm)].flatMap(([, kind, list]) =>
    [...list!.matchAll(/\[(\d{3})\]\(([^)]+)\)/g)].map(([, target, file]) => ({ kind: kind!, target: target!, file: file! })),
  );
}

describe('decision records', () => {
  it('have one number each', () => {
    const numbers = files.map((name) => name.slice(0, 3));
    expect(numbers.filter((n, i) => numbers.indexOf(n) !== i)).toEqual([]);
  });

  it.each(files)('%s: what it amends names it at the top, as a relative link', (name) => {
    const number = name.slice(0, 3);
    for (const { kind, target } of changes(text.get(number)!)) {
      expect(text.has(target), `${name} amends ${target}, which does not exist`).toBe(true);
      expect(pointersOf(text.get(target)!), `${fileOf.get(target)} must say "> ${kind} by [${number}](${name})" under its title`).toContainEqual({ kind, target: number, file: name });
    }
  });

  it.each(files)('%s: every record its top names does amend it, and the link resolves', (name) => {
    const number = name.slice(0, 3);
    for (const pointer of pointersOf(text.get(number)!)) {
      expect(existsSync(path.join(dir, pointer.file)), pointer.file).toBe(true);
      expect(changes(text.get(pointer.target) ?? '')).toContainEqual({ kind: pointer.kind, target: number });
    }
  });

  it.each(files)('%s: an amendment written into the record is named at its top', (name) => {
    const body = text.get(name.slice(0, 3))!;
    for (const [, heading] of body.matchAll(/^## ([^\n]*[Aa]mend[^\n]*)$/gm)) {
      expect(body.split('\n- Date:')[0]).toContain(`"${heading}"`);
    }
  });
});
