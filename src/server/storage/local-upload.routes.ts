import type { FastifyInstance } from 'fastify';
import { publicRoute } from '../plugins/route-access.ts';
import { LOCAL_UPLOAD_PATH, type LocalObjectStorage } from './local-storage.ts';
import { UploadRefused } from './object-storage.ts';

/**
 * PUT {uploadURL} for the local driver: the server answers its own signed URLs and streams the
 * body to disk. Any content type is accepted as raw bytes (this plugin's own parser, encapsulated).
 * The signature is the authority (like a presigned S3 URL), so no session is needed.
 */
export async function localUploadRoutes(app: FastifyInstance, { storage, admits }: { storage: LocalObjectStorage; admits: (key: string) => Promise<boolean> }) {
  app.removeAllContentTypeParsers();
  // Leave the body unread: the handler streams request.raw to disk.
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  app.put<{ Params: { '*': string }; Querystring: { expires?: string; max?: string; signature?: string } }>(
    `${LOCAL_UPLOAD_PATH}*`,
    { schema: { hide: true }, config: publicRoute },
    async (request, reply) => {
      const key = request.params['*'];
      try {
        const maxBytes = storage.verifyUpload(key, request.query);
        // A signed URL the server no longer stands behind (an upload replaced or collected) stores nothing.
        if (!(await admits(key))) throw new UploadRefused(403, 'This upload URL is no longer valid');
        const length = request.headers['content-length'] ? Number(request.headers['content-length']) : undefined;
        await storage.receive(key, request.raw, length, maxBytes);
      } catch (error) {
        if (error instanceof UploadRefused) {
          // The client may still be sending: answer and close rather than read 100 MB we refuse.
          reply.header('connection', 'close');
          return reply.code(error.status).send({ error: error.message });
        }
        // The browser went away mid-upload (the user cancelled, the network dropped): nothing was
        // stored (the partial file is removed), and there is no one to answer. Not a server error.
        if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' || request.raw.destroyed) {
          request.log.info({ key }, 'upload aborted by the client');
          return reply.code(400).send({ error: 'Upload aborted' });
        }
        throw error;
      }
      return reply.code(200).send({ ok: true });
    },
  );
}
