import { UploadError } from '../logic/upload-policy.ts';

/**
 * PUT {uploadURL} with the file's bytes and its content type (spec section 7), through
 * XMLHttpRequest because fetch reports no upload progress. Rejects with UploadError: storage
 * status, network, timeout or cancelled.
 */
export function putFile(uploadURL: string, file: Blob, options: { timeoutMs: number; signal: AbortSignal; onProgress?: (fraction: number) => void }): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', uploadURL);
    request.timeout = options.timeoutMs;
    if (file.type) request.setRequestHeader('content-type', file.type);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    const onAbort = () => request.abort();
    options.signal.addEventListener('abort', onAbort, { once: true });
    const done = (error?: UploadError) => {
      options.signal.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve();
    };
    request.onload = () => (request.status >= 200 && request.status < 300 ? done() : done(new UploadError({ kind: 'storage', status: request.status }, request.status)));
    request.onerror = () => done(new UploadError({ kind: 'network' }));
    request.ontimeout = () => done(new UploadError({ kind: 'timeout', timeoutMs: options.timeoutMs }));
    request.onabort = () => done(new UploadError({ kind: 'cancelled' }));
    request.send(file);
  });
}
