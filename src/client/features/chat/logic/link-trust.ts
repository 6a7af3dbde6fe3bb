/**
 * Which links in a reply are trusted (decision 053): this site's own addresses, and addresses the
 * user wrote themselves in this conversation, verbatim. Nothing else: a model can be led by a
 * document (or make a link up) into pointing anywhere, and a document's own links are exactly
 * what an injected document would plant, so they are not trusted either.
 */
export type LinkTrust = (href: string) => boolean;

export function linkTrust(userTexts: readonly string[], origin: string): LinkTrust {
  return (href) => {
    const url = URL.parse(href, origin);
    if (!url) return false;
    if (url.origin === origin && (url.protocol === 'https:' || url.protocol === 'http:')) return true;
    return href.length > 0 && userTexts.some((text) => text.includes(href));
  };
}

/** What the warning names: the host of a web address, else the address itself (mailto:, tel:). */
export function linkHost(href: string): string {
  const url = URL.parse(href);
  return url?.host || href.replace(/^[a-z]+:/i, '');
}
