/** The baseline: a bare Fastify JSON route, nothing else, on PORT. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true, user: { id: '00000000-0000-0000-0000-000000000000', email: 'bench@example.com' } }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.send?.({ port: (app.server.address() as { port: number }).port });
