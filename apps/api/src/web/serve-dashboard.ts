import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Language } from '../i18n/messages';

const dashboardLanguages: readonly Language[] = ['en', 'ar'];

/**
 * Serves the built dashboard; any other GET that is not API or storage gets the HTML page (client routing).
 * The build (apps/web/vite.config.ts) writes `index.<lng>.html` with `<html lang dir>` set and that
 * language's messages preloaded (`index.<lng>.dashboard.html` also preloads the dashboard shell and its messages,
 * `index.<lng>.screens.html` the screens' messages too, for every dashboard screen but home), plus `.br`/`.gz`
 * beside every text file: all are sent as they are.
 */
export async function serveDashboard(app: FastifyInstance, { root }: { root: string }) {
  if (!existsSync(join(root, 'index.html'))) {
    app.log.warn({ root }, 'dashboard build not found; serving the API only');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Source maps are built for error tracking, not published.
    allowedPath: (pathName) => !pathName.endsWith('.map'),
    setHeaders: (res, path) => {
      res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // Pages by first path segments: `ar`, `ar/dashboard` (home, and the dashboard's index that leads to it: the shell),
  // `ar/dashboard/*` (every other screen: the shell and the screens' messages), …
  // `/`, unknown and unsupported languages get English: the client redirects them to /en/... anyway.
  const built = (name: string) => (existsSync(join(root, name)) ? name : undefined);
  const pages = new Map<string, string>();
  for (const lng of dashboardLanguages) {
    const page = built(`index.${lng}.html`) ?? 'index.html';
    pages.set(lng, page);
    const dashboard = built(`index.${lng}.dashboard.html`) ?? page;
    pages.set(`${lng}/dashboard`, dashboard);
    pages.set(`${lng}/dashboard/*`, built(`index.${lng}.screens.html`) ?? dashboard);
  }
  const pageFor = (path: string) => {
    const [lng = '', area = '', screen = ''] = path.split('/').slice(1);
    const dashboardScreen = area === 'dashboard' && screen !== '' && screen !== 'home' ? pages.get(`${lng}/dashboard/*`) : undefined;
    return dashboardScreen ?? pages.get(`${lng}/${area}`) ?? pages.get(lng) ?? pages.get('en') ?? 'index.html';
  };
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    return reply.sendFile(pageFor(request.url.split(/[?#]/)[0] ?? ''));
  };
  app.get('/', sendIndex);
  // The page answers client routes only: API and storage paths, and files that are not in the build (a
  // stale chunk after a deploy, /favicon.ico, robots.txt), are 404 rather than HTML under a script's name.
  const notAPage = (path: string) => /^\/(api|storage)(\/|$)/.test(path) || /\/[^/]*\.[A-Za-z0-9]+$/.test(path);
  const sendPage = (request: FastifyRequest, reply: FastifyReply) =>
    notAPage(request.url.split(/[?#]/)[0] ?? '') ? reply.callNotFound() : sendIndex(request, reply);
  app.get('/:lng', sendPage);
  app.get('/:lng/*', sendPage);
}
