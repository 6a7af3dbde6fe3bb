import { ApiError, apiHeaders } from '#client/lib/api-client.ts';

/** Hands a file the app made (a PDF, a Markdown memo) to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name from `Content-Disposition` (RFC 6266: filename* first, then filename), else the fallback. */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Malformed escapes: try the plain form.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || fallback;
}

/** The reader's IANA time zone as a query parameter, so an export's times read as on their screen. */
function timeZoneQuery(): string {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return tz ? `tz=${encodeURIComponent(tz)}` : '';
}

/** GETs an export (in the reader's time zone); throws an ApiError when the server refuses it. */
export async function fetchExport(path: string, query: string[] = []): Promise<Response> {
  const params = [...query, timeZoneQuery()].filter(Boolean).join('&');
  const response = await fetch(params ? `${path}?${params}` : path, { headers: apiHeaders(), credentials: 'include' });
  if (!response.ok) throw new ApiError(response.status, `${response.status}: ${response.statusText}`);
  return response;
}

/** An export as a file to save: its bytes and the name the server gave it (else `fallback`). */
export async function fetchExportFile(path: string, fallback: string, query: string[] = []): Promise<{ blob: Blob; fileName: string }> {
  const response = await fetchExport(path, query);
  return { blob: await response.blob(), fileName: fileNameFromDisposition(response.headers.get('content-disposition'), fallback) };
}
