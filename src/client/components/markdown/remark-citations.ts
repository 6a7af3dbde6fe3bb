import type { Nodes, Parent, PhrasingContent, Root } from 'mdast';

/** The attribute a citation marker's `<sup>` carries: the source's number (the Markdown components turn it into a button). */
export const CITE_ATTRIBUTE = 'data-cite';

const MARKER = /\[(\d{1,3})\]/g;

/** A text's `[n]` markers whose n is a source, as citation nodes (rendered `<sup data-cite="n">[n]</sup>`); any other text stays. */
function split(value: string, numbers: ReadonlySet<number>): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  let last = 0;
  for (const match of value.matchAll(MARKER)) {
    const n = Number(match[1]);
    if (!numbers.has(n)) continue;
    if (match.index > last) out.push({ type: 'text', value: value.slice(last, match.index) });
    // An mdast node unknown to mdast-util-to-hast becomes the element its data names.
    out.push({ type: 'emphasis', data: { hName: 'sup', hProperties: { [CITE_ATTRIBUTE]: String(n) } }, children: [{ type: 'text', value: match[0] }] });
    last = match.index + match[0].length;
  }
  if (last === 0) return [{ type: 'text', value }];
  if (last < value.length) out.push({ type: 'text', value: value.slice(last) });
  return out;
}

function walk(node: Nodes, numbers: ReadonlySet<number>): void {
  // Code (`code`, `inlineCode`) holds no text nodes, so it is never touched; a link's text stays its own.
  if (!('children' in node) || node.type === 'link' || node.type === 'linkReference') return;
  const parent = node as Parent;
  const children: Nodes[] = [];
  for (const child of parent.children) {
    if (child.type === 'text') children.push(...split(child.value, numbers));
    else {
      walk(child, numbers);
      children.push(child);
    }
  }
  parent.children = children as Parent['children'];
}

/**
 * A remark plugin (issue 32, point 3; decision 084): each `[n]` in a reply's text that is the number
 * of one of its sources becomes a citation marker; `[n]` with no such source stays plain text.
 */
export function remarkCitations(options: { numbers: readonly number[] }) {
  const numbers = new Set(options.numbers);
  return (tree: Root) => {
    if (numbers.size > 0) walk(tree, numbers);
  };
}
