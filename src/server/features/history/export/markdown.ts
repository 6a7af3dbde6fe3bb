import type { ConversationExport } from './conversation.ts';

const fence = /^\s{0,3}(`{3,}|~{3,})/;

/**
 * Headings inside a message move two levels down (a reply's "# Plan" becomes "### Plan"), so the
 * "## Speaker — time" sections stay the outline of the document. Code blocks are left alone.
 */
export function demoteHeadings(markdown: string, levels = 2): string {
  let openFence: string | null = null;
  return markdown
    .split('\n')
    .map((line) => {
      const fenceMatch = fence.exec(line);
      if (fenceMatch) {
        const marker = fenceMatch[1]!;
        if (openFence === null) openFence = marker[0]!;
        else if (marker[0] === openFence) openFence = null;
        return line;
      }
      if (openFence !== null) return line;
      return line.replace(/^(\s{0,3})(#{1,6})(?=\s|$)/, (_, indent: string, hashes: string) => `${indent}${'#'.repeat(Math.min(6, hashes.length + levels))}`);
    })
    .join('\n');
}

/** The conversation as one Markdown document: title, who and when, then each message under its speaker and time. */
export function conversationToMarkdown(conversation: ConversationExport): string {
  const lines = [
    `# ${conversation.title}`,
    '',
    `- **Your role:** ${conversation.userRole}`,
    `- **Executive:** ${conversation.executiveRole}`,
    `- **Industry:** ${conversation.industry}`,
    `- **Date:** ${conversation.date}`,
    `- **Exported:** ${conversation.exportedAt} (${conversation.timeZone}) from ${conversation.appName}`,
    '',
    '---',
  ];
  if (conversation.messages.length === 0) lines.push('', '_No messages yet._');
  for (const message of conversation.messages) {
    lines.push('', `## ${message.speaker} — ${message.time}`, '');
    const content = message.content.trim();
    if (content) lines.push(message.role === 'system' ? `_${content}_` : demoteHeadings(content));
    if (message.note) lines.push(...(content ? [''] : []), `> ${message.note}`);
  }
  return `${lines.join('\n')}\n`;
}
