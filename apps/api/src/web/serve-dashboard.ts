import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Serves the built dashboard; any other GET that is not API or storage gets index.html (client routing). */
export async function serveDashboard(app: FastifyInstance, { root }: { root: string }) {
  if (!existsSync(join(root, 'index.html'))) {
    app.log.warn({ root }, 'dashboard build not found; serving the API only');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders: (res, path) => {
      res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const sendIndex = (_request: unknown, reply: { header: (k: string, v: string) => unknown; sendFile: (f: string) => unknown }) => {
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  };
  app.get('/', sendIndex);
  app.get('/:lng', (request, reply) => (/^(api|storage)$/.test((request.params as { lng: string }).lng) ? reply.callNotFound() : sendIndex(request, reply)));
  app.get('/:lng/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (/^\/(api|storage)(\/|$)/.test(path)) return reply.callNotFound();
    return sendIndex(request, reply);
  });
}
