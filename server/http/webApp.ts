import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFoundBody } from './errors';
import { registerPlaceholderApp } from './placeholder';

/**
 * Files a browser must check again on every load: the service worker and the script it imports (an update must
 * reach users at once, never after a year of caching) and the web app manifest.
 */
const REVALIDATE = /(^|[\\/])(sw\.js|push-sw\.js|manifest\.webmanifest)(\.br|\.gz)?$/;

/**
 * Paths the server never answers with the web app (/apps: the connected apps' token exchange; /bol: bills of lading;
 * /track: tracking pages).
 */
const NOT_THE_APP = /^\/(api|apps|notify|bol|track)(\/|$)/;

/**
 * The built web app (dist/, from `vite build`): hashed assets under /app/ cached for a year, and index.html for
 * every other page the app routes itself (/login, /docs/…, /app/…, unknown paths → the app's /404).
 * Without a build, a placeholder page says how to make one.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string, version: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    registerPlaceholderApp(app, version);
    app.setNotFoundHandler(async (request, reply) => reply.status(404).send(notFoundBody(request.method, request.url)));
    return;
  }
  const indexHtml = fs.readFileSync(indexFile);
  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/app/',
    index: false,
    wildcard: false,
    // dist/ holds .br and .gz copies made at build time (scripts/compress-dist.mjs).
    preCompressed: true,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.header('cache-control', 'public, max-age=31536000, immutable');
      else if (REVALIDATE.test(filePath)) res.header('cache-control', 'no-cache');
    },
  });
  // @fastify/static with wildcard:false registers one route per file; everything else falls through to here.
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0];
    if (request.method === 'GET' && !NOT_THE_APP.test(pathname) && !/\.[a-z0-9]+$/i.test(pathname))
      return sendIndex(reply);
    return reply.status(404).send(notFoundBody(request.method, request.url));
  });
  app.get('/', async (_request, reply) => reply.redirect('/app'));
}
