import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Each 415 names what its route takes, from the route's own declaration (config.accepts, server/http/bodies.ts):
 * text/csv for the bank import, the image types for the picture, JSON everywhere else — whether the framework found no
 * parser for the type, the declaration refused it, or the route found no body.
 */
const CSV = 'Send the request body as text/csv or application/vnd.ms-excel';
const IMAGES = 'Send the request body as image/png, image/jpeg or image/webp';
const JSON_BODY = 'Send the request body as application/json';

describe.each(DATABASES)('unsupported media types on %s', (kind) => {
  let server: TestServer;
  let banking: string;
  let dispatcher: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    [banking, dispatcher] = await Promise.all(
      ['banking@haulboard.demo', 'dispatcher@haulboard.demo'].map((email) => server.login(email)),
    );
  });
  afterAll(() => server.close());

  const refused = async (options: Parameters<TestServer['call']>[0], message: string) => {
    const response = await server.call(options);
    expect(response.status, JSON.stringify(response.body)).toBe(415);
    expect(response.body.message).toBe(message);
    expect(response.body.messages[0]).toMatchObject({ code: 'unsupported_media_type', description: message });
  };

  it('the bank import names the CSV types, whatever was sent instead', async () => {
    const url = '/api/TransactionsMatching/import?fileName=a.csv';
    await refused(
      {
        method: 'POST',
        url,
        token: banking,
        headers: { 'content-type': 'application/octet-stream' },
        payload: 'Details,Posting Date\n',
      },
      CSV,
    );
    await refused(
      {
        method: 'POST',
        url,
        token: banking,
        headers: { 'content-type': 'text/plain' },
        payload: 'Details,Posting Date\n',
      },
      CSV,
    );
    await refused({ method: 'POST', url, token: banking, payload: { rows: [] } }, CSV);
    await refused({ method: 'POST', url, token: banking }, CSV);
  });

  it('the picture names the image types, whatever was sent instead', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await refused(
      {
        method: 'PUT',
        url: '/api/account/avatar',
        token: dispatcher,
        headers: { 'content-type': 'application/octet-stream' },
        payload: png,
      },
      IMAGES,
    );
    await refused(
      {
        method: 'PUT',
        url: '/api/account/avatar',
        token: dispatcher,
        headers: { 'content-type': 'image/gif' },
        payload: png,
      },
      IMAGES,
    );
    await refused({ method: 'PUT', url: '/api/account/avatar', token: dispatcher, payload: { picture: 'x' } }, IMAGES);
  });

  it('a JSON route names JSON', async () => {
    await refused(
      {
        method: 'POST',
        url: '/api/AccessManagements/groups/new',
        token: dispatcher,
        headers: { 'content-type': 'text/xml' },
        payload: '<group/>',
      },
      JSON_BODY,
    );
    await refused(
      { method: 'POST', url: '/api/Auth/login', headers: { 'content-type': 'text/csv' }, payload: 'a,b' },
      JSON_BODY,
    );
  });
});
