import { clsx, type ClassValue } from 'clsx';

/*
 * Joins class names, and when two Tailwind classes set the same thing under the same variants,
 * keeps only the later one, so `<Button className="h-12">` overrides the button's own height.
 *
 * A small stand-in for tailwind-merge, which costs 8 KB gzip on every page load: too much for
 * the landing page's 100 KB budget (docs/decisions/007-landing-bundle-budget.md). A class's group
 * is its name without the value ('max-w-lg' -> 'max-w'), with the exceptions below;
 * class-names.test.ts checks the result against tailwind-merge on every class list written in
 * src/client, so an override it misjudges fails a test.
 */

const keywordGroups: Record<string, string> = {};
for (const names of [
  'block inline-block inline flex inline-flex grid inline-grid hidden contents table flow-root list-item',
  'static fixed absolute relative sticky',
  'visible invisible collapse',
  'sr-only not-sr-only',
  'underline overline line-through no-underline',
  'border-collapse border-separate',
]) {
  for (const name of names.split(' ')) keywordGroups[name] = names;
}

/** Utilities whose value can itself contain a dash ('cursor-not-allowed', 'ease-in-out'). */
const dashedValue = /^(whitespace|cursor|ease|object|list|break|content|select|animate|backdrop-blur|will-change)(-|$)/;
const textSizes = /^(xs|sm|base|lg|[2-9]?xl|display|\[\d.*)$/;
const fontWeights = /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/;
const shadowSizes = /^(2?xs|sm|md|lg|2?xl|none|inner|\[.*)$/;
const lineStyles = /^(solid|dashed|dotted|double|hidden|none)$/;
const width = /^(\d+(\.\d+)?|\[.*)?$/;

function groupOf(utility: string): string {
  const name = utility.replace(/^!|!$/g, '').replace(/^-/, '');
  const keyword = keywordGroups[name];
  if (keyword) return keyword;
  const dash = name.indexOf('-');
  const head = dash === -1 ? name : name.slice(0, dash);
  const value = dash === -1 ? '' : name.slice(dash + 1).split('/')[0]!;
  switch (head) {
    case 'text':
      return textSizes.test(value) ? 'textSize' : /^(left|center|right|justify|start|end)$/.test(value) ? 'textAlign' : /^(wrap|nowrap|balance|pretty)$/.test(value) ? 'textWrap' : 'textColor';
    case 'font':
      return fontWeights.test(value) ? 'fontWeight' : 'fontFamily';
    case 'bg':
      return /^(gradient|linear|radial|conic|none|\[url)/.test(value) ? 'bgImage' : 'bgColor';
    case 'shadow':
      return shadowSizes.test(value) ? 'shadowSize' : 'shadowColor';
    case 'border': {
      const side = /^([xytrblse])(?:-(.*))?$/.exec(value);
      if (side) return (width.test(side[2] ?? '') ? 'borderWidth-' : 'borderColor-') + side[1];
      return width.test(value) ? 'borderWidth' : lineStyles.test(value) ? 'borderStyle' : 'borderColor';
    }
    case 'ring':
    case 'outline':
      if (value.startsWith('offset')) return `${head}Offset`;
      return width.test(value) ? `${head}Width` : lineStyles.test(value) ? `${head}Style` : `${head}Color`;
    case 'flex':
      return /^(row|col)/.test(value) ? 'flexDirection' : /^(wrap|nowrap)/.test(value) ? 'flexWrap' : 'flex';
    case 'animate':
      // Tailwind's own animations override each other; a plugin's or the app's ('animate-in', 'animate-slide-in-left')
      // are kept beside them, as tailwind-merge does.
      return /^(none|spin|ping|pulse|bounce|\[.*)$/.test(value) ? 'animate' : name;
  }
  const dashed = dashedValue.exec(name);
  if (dashed) return dashed[1]!;
  const arbitrary = name.indexOf('-[');
  if (arbitrary > 0) return name.slice(0, arbitrary);
  const last = name.lastIndexOf('-');
  return last > 0 ? name.slice(0, last) : name;
}

/** A later class of the key's group also overrides earlier classes of these groups (shorthands). */
const conflicts: Record<string, string[]> = {};
for (const rule of [
  'flex>grow shrink basis',
  'p>px py pt pr pb pl ps pe',
  'px>pr pl ps pe',
  'py>pt pb',
  'm>mx my mt mr mb ml ms me',
  'mx>mr ml ms me',
  'my>mt mb',
  'size>w h',
  'gap>gap-x gap-y',
  'inset>inset-x inset-y top right bottom left',
  'inset-x>right left',
  'inset-y>top bottom',
  'overflow>overflow-x overflow-y',
  'rounded>rounded-t rounded-r rounded-b rounded-l rounded-tl rounded-tr rounded-bl rounded-br',
  'rounded-t>rounded-tl rounded-tr',
  'rounded-b>rounded-bl rounded-br',
  'rounded-l>rounded-tl rounded-bl',
  'rounded-r>rounded-tr rounded-br',
  'borderWidth>borderWidth-x borderWidth-y borderWidth-t borderWidth-r borderWidth-b borderWidth-l borderWidth-s borderWidth-e',
  'borderWidth-x>borderWidth-r borderWidth-l',
  'borderWidth-y>borderWidth-t borderWidth-b',
  'borderColor>borderColor-x borderColor-y borderColor-t borderColor-r borderColor-b borderColor-l borderColor-s borderColor-e',
  'textSize>leading',
]) {
  const [group, overridden] = rule.split('>') as [string, string];
  conflicts[group] = overridden.split(' ');
}
// line-clamp sets display (-webkit-box) and overflow (hidden): it overrides both, as in tailwind-merge.
conflicts['line-clamp'] = [keywordGroups.flex!, 'overflow'];

/** Splits 'md:hover:bg-muted' into its variants and utility, ignoring colons inside [...]. */
function split(className: string): [variants: string, utility: string] {
  let depth = 0;
  let last = -1;
  for (let i = 0; i < className.length; i += 1) {
    const c = className[i];
    if (c === '[' || c === '(') depth += 1;
    else if (c === ']' || c === ')') depth -= 1;
    else if (c === ':' && depth === 0) last = i;
  }
  return [className.slice(0, last + 1), className.slice(last + 1)];
}

/**
 * Merged lists by their joined input. A screen combines the same few hundred lists on every render (a
 * button's base and its variant): merging them again each time was a tenth of the chat screen's render
 * (issue 18, decision 042). tailwind-merge keeps such a cache too. Bounded: cleared when full.
 */
const merged = new Map<string, string>();
const MERGED_MAX = 1000;

export function cn(...inputs: ClassValue[]): string {
  const joined = clsx(inputs);
  let result = merged.get(joined);
  if (result === undefined) {
    result = merge(joined);
    if (merged.size >= MERGED_MAX) merged.clear();
    merged.set(joined, result);
  }
  return result;
}

function merge(joined: string): string {
  const classes = joined.split(' ').filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  // From the last class back: a class survives unless a later one already took its group.
  for (let index = classes.length - 1; index >= 0; index -= 1) {
    const className = classes[index]!;
    const [variants, utility] = split(className);
    // Arbitrary properties ([mask-image:...]) only replace themselves.
    const group = utility.startsWith('[') ? utility : groupOf(utility);
    // An important class (size-3!) only competes with other important ones.
    const scope = `${variants.split(':').sort().join(':')}${/^!|!$/.test(utility) ? '!' : ''}|`;
    if (taken.has(scope + group)) continue;
    kept.push(className);
    taken.add(scope + group);
    for (const overridden of conflicts[group] ?? []) taken.add(scope + overridden);
  }
  return kept.reverse().join(' ');
}
