import { splitDemoMarker } from '#contract/demo-marker.ts';

/**
 * What read-aloud says for a reply: the words without Markdown syntax, the demo marker, code or
 * table rulers. Each line becomes a sentence so headings and list items get a pause.
 */
export function speechTextFrom(markdown: string): string {
  const body = splitDemoMarker(markdown).body;
  const withoutCode = body.replace(/```[\s\S]*?(```|$)/g, '\n').replace(/~~~[\s\S]*?(~~~|$)/g, '\n');
  const lines = withoutCode.split(/\r?\n/).flatMap((raw) => {
    // Table rulers (| --- | :-: |) and horizontal rules carry no words.
    if (/^[\s|:-]+$/.test(raw) && raw.includes('-')) return [];
    if (/^\s*([*_])(\s*\1){2,}\s*$/.test(raw)) return [];
    let line = raw
      .replace(/<[^>]+>/g, ' ')
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      .replace(/^\s{0,3}(#{1,6}|>+)\s*/, '')
      .replace(/^\s*([-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?/, '')
      .replace(/`([^`]*)`/g, '$1')
      .replace(/(\*\*|__)(.+?)\1/g, '$2')
      .replace(/(^|[^\w*])[*_]([^*_]+)[*_](?=[^\w*]|$)/g, '$1$2')
      .replace(/~~(.+?)~~/g, '$1');
    if (line.includes('|')) {
      line = line
        .replace(/^\s*\|/, '')
        .replace(/\|\s*$/, '')
        .split('|')
        .map((cell) => cell.trim())
        .filter(Boolean)
        .join(', ');
    }
    line = line.replace(/\s+/g, ' ').trim();
    if (!line) return [];
    return [/[.!?:;,…]["'”’)]?$/.test(line) ? line : `${line}.`];
  });
  return lines.join(' ');
}
