/** Only same-site paths are followed after sign-in ("/x", never "//evil.com" or "https://..."). */
export function safeRedirect(target: string | null | undefined, fallback: string): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}
