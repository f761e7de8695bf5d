import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { idParams } from '../../../schema/common';
import {
  FMCSA_UPLOAD_TYPES,
  MAX_FMCSA_UPLOAD_BYTES,
  importQuery,
  importsQuery,
  lookupQuery,
  partyParams,
} from '../../../schema/vetting';
import { type ServerContext, ok, page } from '../../context';
import { notFound, unsupportedMediaType } from '../../http/errors';
import { importsPage } from './imports';
import { lookupKeys, vettingOf } from './lookup';
import { spoolUpload } from './uploads';

const TAGS = ['Vetting'];
const BROKERS = (permission: 'Read' | 'Update') => ({ access: { feature: 'Brokers', permission } }) as const;
const TOO_LARGE = `The file is larger than ${MAX_FMCSA_UPLOAD_BYTES / 1024 / 1024} MB: import a larger one with npm run vetting:import on the server`;

/**
 * Vetting brokers and shippers (docs/product/compliance.md#vetting): the FMCSA files imported (upload, progress, the
 * imports so far), what they say of a broker's or shipper's MC or USDOT number, and a lookup by either. Importing is
 * for whoever may update brokers; reading for whoever reads brokers (or shippers, of a shipper).
 */
export default async function vettingRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;
  // Only these routes take a file as the body: the parser hands it over as a stream (server/http/bodies.ts meters it).
  app.addContentTypeParser(FMCSA_UPLOAD_TYPES, (_request, payload, done) => done(null, payload));

  app.post<{ Querystring: z.output<typeof importQuery> }>(
    '/api/Vetting/imports',
    {
      config: { ...BROKERS('Update'), accepts: FMCSA_UPLOAD_TYPES, tooLarge: TOO_LARGE },
      bodyLimit: MAX_FMCSA_UPLOAD_BYTES,
      schema: {
        tags: TAGS,
        summary:
          'Upload an FMCSA file (census, licensing carrier or insurance; the body is the file, text/csv): kept, then imported by a job. Answers 202 with the import; read its progress at /api/Vetting/imports/{id}',
        querystring: importQuery,
      },
    },
    async (request, reply) => {
      if (!(request.body instanceof Readable)) throw unsupportedMediaType(request);
      const id = await spoolUpload(db, request.body, {
        fileName: request.query.fileName,
        userId: request.auth?.user.id ?? null,
      });
      return reply.status(202).send(ok((await importsPage(db, [id]))[0]));
    },
  );

  app.get<{ Querystring: z.output<typeof importsQuery> }>(
    '/api/Vetting/imports',
    {
      config: BROKERS('Read'),
      schema: {
        tags: TAGS,
        summary: 'The FMCSA files imported, newest first, with their progress and counts',
        querystring: importsQuery,
      },
    },
    async (request) => {
      const { page: number, size } = request.query;
      const total = await db
        .selectFrom('fmcsa_imports')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return page(await importsPage(db, undefined, number, size), Number(total.n), number, size);
    },
  );

  app.get<{ Params: z.output<typeof idParams> }>(
    '/api/Vetting/imports/:id',
    {
      config: BROKERS('Read'),
      schema: {
        tags: TAGS,
        summary: 'One import: its status, rows read so far, added, updated, changes seen',
        params: idParams,
      },
    },
    async (request) => {
      const [found] = await importsPage(db, [request.params.id]);
      if (!found) throw notFound('Import');
      return ok(found);
    },
  );

  app.get<{ Querystring: z.output<typeof lookupQuery> }>(
    '/api/Vetting/lookup',
    {
      config: BROKERS('Read'),
      schema: {
        tags: TAGS,
        summary:
          'What the imported FMCSA files say of an MC or USDOT number: census record, authority, insurance, filings, changes',
        querystring: lookupQuery,
      },
    },
    async (request) => ok(await vettingOf(db, lookupKeys(request.query))),
  );

  // A broker's is read with the broker's record, and by whoever books orders (the order form shows it beside the broker).
  for (const [table, path, feature] of [
    ['brokers', '/api/Brokers/:id/vetting', ['Brokers', 'BookOrders']],
    ['shippers', '/api/Shipper/:id/vetting', ['Shippers', 'BookOrders']],
  ] as const)
    app.get<{ Params: z.output<typeof partyParams> }>(
      path,
      {
        config: { access: { feature, permission: 'Read' } },
        schema: {
          tags: TAGS,
          summary: `What the imported FMCSA files say of the ${table === 'brokers' ? 'broker' : 'shipper'}'s MC and USDOT numbers`,
          params: partyParams,
        },
      },
      async (request) => {
        const party = await db
          .selectFrom(table)
          .select(['mc_number', 'usdot_number'])
          .where('id', '=', request.params.id)
          .executeTakeFirst();
        if (!party) throw notFound(table === 'brokers' ? 'Broker' : 'Shipper');
        return ok(await vettingOf(db, { mcNumber: party.mc_number, usdotNumber: party.usdot_number }));
      },
    );
}
