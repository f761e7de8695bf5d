import { type ServerOptions, createServer } from '../../server/server';
import type { TestServer } from './server';

/**
 * A second app instance on the database of a test server: createServer again with the first one's config (the same
 * DATABASE_URL, data directory and so JWT secret), as a second process behind a load balancer would run. Sessions
 * live in the database, so a token from either instance works on both. Migration and seeding find everything done.
 *
 * Close it before the first server (whose close drops the PostgreSQL database). `options` as createServer takes them
 * (the tests' own jobs).
 */
export interface SecondApp {
  call: TestServer['call'];
  /** The instance itself, for what call() does not give (a download's raw bytes). */
  app: TestServer['app'];
  close(): Promise<void>;
}

export async function secondApp(first: TestServer, options: ServerOptions = {}): Promise<SecondApp> {
  const { app } = await createServer(first.config, { ...options, logger: false });
  await app.ready();
  const call: TestServer['call'] = async ({ token, headers, ...options }) => {
    const response = await app.inject({
      ...options,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    let body: unknown = response.body;
    if (String(response.headers['content-type'] ?? '').includes('json') && response.body)
      body = JSON.parse(response.body);
    return { status: response.statusCode, body, headers: response.headers };
  };
  let closed = false;
  return {
    call,
    app,
    close: async () => {
      if (!closed) await app.close();
      closed = true;
    },
  };
}
