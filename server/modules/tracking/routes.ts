import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParams } from '../../../schema/common';
import {
  type PositionBody,
  TRACKING_MESSAGES,
  type TrackingDto,
  type TrackingLinkParams,
  type TrackingLinkQuery,
  type TrackingNoticeKind,
  positionBody,
  positionParams,
  trackingLinkParams,
  trackingLinkQuery,
  trackingToken,
} from '../../../schema/tracking';
import { type ServerContext, ok } from '../../context';
import { transact } from '../../db/transaction';
import { currentUser } from '../../http/access';
import { liveOrder, revokeOrderLink } from '../bookOrders/orderLinks';
import { AddressLimiter } from '../../http/addressLimiter';
import { badRequest, notFound } from '../../http/errors';
import { publicHeaders, sendPublicPage } from '../../http/publicPage';
import { nearestZip } from '../../places';
import { audit } from '../audit/audit';
import { ownDriverId } from '../finances/scope';
import { billPdf } from '../vehicleInspections/bolPdf';
import { ownLoad } from '../vehicleInspections/inspections';
import { linksOf, liveLink, openTracking } from './links';
import { mailTracking } from './notices';
import { trackingGonePage, trackingPage, trackingTooManyPage, unsubscribePage, TRACKING_SCRIPT } from './page';
import { recipientOfToken, recipientsOf } from './recipients';
import { extendTrail } from './trail';
import { trackingOrders, trackingView, vehicleNames } from './view';

const TAGS = ['Tracking'];
const staffRead = { access: { feature: 'BookOrders', permission: 'Read' } } as const;
const staffWrite = { access: { feature: 'BookOrders', permission: 'Update' } } as const;
const driverWrite = { access: { feature: 'MyLoads', permission: 'Update' } } as const;
const tokenParams = z.object({ token: z.string().max(200) });

/** Requests to the public tracking pages a minute, per client address (the page reads itself every 20 s: 3 a minute). */
export const PUBLIC_TRACKING_PER_MINUTE = 60;

/**
 * Tracking links and customer notices (docs/product/tracking.md): staff make, copy, revoke and mail an order's link;
 * the driver's phone reports the city it is near; anyone with a link reads the public page and its JSON (/track/…),
 * and a customer stops the notices from the link in them.
 */
export default async function trackingRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;
  const limiter = new AddressLimiter(PUBLIC_TRACKING_PER_MINUTE);
  // The opt-out page's button posts an empty form: its body says nothing the address does not.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, _b, done) => done(null, {}),
  );

  const trackingOf = async (orderId: number): Promise<TrackingDto> => {
    const [links, recipients, notices] = await Promise.all([
      linksOf(ctx, db, orderId),
      recipientsOf(db, orderId, { record: false }),
      db
        .selectFrom('tracking_notices')
        .select(['kind', 'created_at', 'recipients'])
        .where('book_order_id', '=', orderId)
        .orderBy('id')
        .execute(),
    ]);
    return {
      links,
      recipients: recipients.map(({ email, optedOut }) => ({ email, optedOut })),
      notices: notices.map((row) => ({
        kind: row.kind as TrackingNoticeKind,
        at: row.created_at,
        recipients: JSON.parse(row.recipients) as string[],
      })),
    };
  };

  app.get<{ Params: z.output<typeof idParams> }>(
    '/api/BookOrder/:id/tracking',
    {
      config: staffRead,
      schema: {
        tags: TAGS,
        summary:
          'The order’s tracking links (newest first, the address of the one that works), the addresses its notices go to (and which opted out), and the notices sent',
        params: idParams,
      },
    },
    async (request) => {
      await liveOrder(db, request.params.id);
      return ok(await trackingOf(request.params.id));
    },
  );

  app.post<{ Params: z.output<typeof idParams>; Querystring: TrackingLinkQuery }>(
    '/api/BookOrder/:id/tracking-links',
    {
      config: staffWrite,
      schema: {
        tags: TAGS,
        summary:
          'The order’s tracking link, or with vin the link for that one vehicle of it: the one that works, or a new one when none does (one at a time each); it works until revoked or the company’s days after delivery. 404 when the VIN is not on the order',
        params: idParams,
        querystring: trackingLinkQuery,
      },
    },
    async (request) => {
      const { id } = request.params;
      const vin = request.query.vin ?? null;
      await transact(db, async (trx) => {
        await liveOrder(trx, id);
        if (
          vin !== null &&
          !(await trx
            .selectFrom('book_order_vehicles')
            .select('id')
            .where('book_order_id', '=', id)
            .where('vin', '=', vin)
            .executeTakeFirst())
        )
          throw notFound('Vehicle');
        const link = await liveLink(trx, ctx, id, currentUser(request).id, vin);
        if (link.created)
          await audit(trx, request, {
            action: 'create',
            entity: 'tracking_link',
            entityId: link.id,
            after: { orderId: id, vin },
          });
      });
      return ok(await trackingOf(id));
    },
  );

  app.post<{ Params: TrackingLinkParams }>(
    '/api/BookOrder/:id/tracking-links/:linkId/revoke',
    {
      config: staffWrite,
      schema: {
        tags: TAGS,
        summary: 'Revoke a tracking link: its page says so at once. Revoking it again changes nothing',
        params: trackingLinkParams,
      },
    },
    async (request) => {
      const { id, linkId } = request.params;
      await transact(db, (trx) =>
        revokeOrderLink(trx, request, { table: 'tracking_links', entity: 'tracking_link', orderId: id, linkId }),
      );
      return ok(await trackingOf(id));
    },
  );

  app.post<{ Params: z.output<typeof idParams> }>(
    '/api/BookOrder/:id/tracking-links/mail',
    {
      config: staffWrite,
      schema: {
        tags: TAGS,
        summary:
          'Mail the order’s tracking link (made when none works) to its shipper’s and broker’s addresses, except those that opted out; 400 when there is none',
        params: idParams,
      },
    },
    async (request) => {
      const { id } = request.params;
      await transact(db, async (trx) => {
        await liveOrder(trx, id);
        const to = await mailTracking(ctx, trx, id, 'LINK', currentUser(request).id);
        if (!to?.length) throw badRequest(TRACKING_MESSAGES.noAddresses);
        await audit(trx, request, { action: 'mail', entity: 'tracking_link', entityId: id, after: { recipients: to } });
      });
      return ok(await trackingOf(id));
    },
  );

  app.post<{ Params: z.output<typeof positionParams>; Body: PositionBody }>(
    '/api/MyLoads/:orderId/position',
    {
      config: driverWrite,
      schema: {
        tags: TAGS,
        summary:
          'Where the driver’s phone is, for one of their own open loads: only the nearest ZIP’s city and state and the time are kept (never the coordinates); answers the city',
        params: positionParams,
        body: positionBody,
      },
    },
    async (request) => {
      const { orderId } = request.params;
      const driverId = await ownDriverId(db, currentUser(request).id);
      await ownLoad(db, driverId, orderId);
      const place = nearestZip({ lat: request.body.latitudeE6 / 1e6, lon: request.body.longitudeE6 / 1e6 });
      if (!place) throw badRequest('No place is known near this position');
      const row = {
        driver_id: driverId!,
        zip: place.zip,
        city: place.city,
        state: place.state,
        at: new Date().toISOString(),
      };
      await transact(db, async (trx) => {
        await trx
          .insertInto('tracking_positions')
          .values({ book_order_id: orderId, ...row })
          .onConflict((oc) => oc.column('book_order_id').doUpdateSet(row))
          .execute();
        await extendTrail(trx, orderId, place.zip, row.at);
      });
      return ok({ city: place.city, state: place.state, at: row.at });
    },
  );

  // The public pages: no sign-in, whoever holds the link; never cached nor indexed. An unknown token is a 404; an
  // expired or revoked one a 410 that says which (the customer had the link: telling them it ended is the point).
  type Opened = Extract<Awaited<ReturnType<typeof openTracking>>, { state: 'active' }>;
  const openOf = async (
    request: FastifyRequest<{ Params: { token: string } }>,
    reply: FastifyReply,
    json: boolean,
  ): Promise<Opened | null> => {
    const wait = limiter.take(request.ip);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      if (json) publicHeaders(reply).status(429).send({ message: TRACKING_MESSAGES.tooManyRequests, messages: [] });
      else sendPublicPage(reply, 429, trackingTooManyPage());
      return null;
    }
    const token = trackingToken.safeParse(request.params.token);
    const opened = token.success ? await openTracking(db, token.data) : null;
    if (opened?.state === 'active') return opened;
    const kind = opened?.state ?? 'unknown';
    const status = opened ? 410 : 404;
    if (json) publicHeaders(reply).status(status).send({ message: TRACKING_MESSAGES[kind], state: kind, messages: [] });
    else
      sendPublicPage(
        reply,
        status,
        trackingGonePage(kind, opened?.state === 'expired' ? opened.expiresAt : undefined, ctx.companyZone.timeZone),
      );
    return null;
  };
  const viewOf = async (opened: Opened, token: string) => {
    const row = await trackingOrders(db).where('o.id', '=', opened.orderId).executeTakeFirstOrThrow();
    return trackingView(
      row,
      await vehicleNames(db, opened.orderId, opened.vin),
      { bolUrl: `/track/${token}/bol.pdf`, expiresAt: opened.expiresAt },
      new Date(),
      ctx.companyZone.timeZone,
    );
  };
  const publicRoute = { config: { access: { public: true } } } as const;

  app.get<{ Params: { token: string } }>(
    '/track/:token',
    {
      ...publicRoute,
      schema: {
        tags: TAGS,
        summary:
          'The tracking page behind a link (no sign-in): status, the stops’ cities and dates, the estimate, the last known city, the bill of lading once delivered; 410 expired or revoked, 404 unknown',
        params: tokenParams,
      },
    },
    async (request, reply) => {
      const opened = await openOf(request, reply, false);
      if (!opened) return reply;
      const view = await viewOf(opened, request.params.token);
      return sendPublicPage(reply, 200, trackingPage(view, ctx.companyZone.timeZone), { script: TRACKING_SCRIPT });
    },
  );

  app.get<{ Params: { token: string } }>(
    '/track/:token/state',
    {
      ...publicRoute,
      schema: {
        tags: TAGS,
        summary:
          'The same as JSON, for the page to read again (no sign-in): only the fields the page shows; 410 expired or revoked, 404 unknown, 429 past the rate',
        params: tokenParams,
      },
    },
    async (request, reply) => {
      const opened = await openOf(request, reply, true);
      if (!opened) return reply;
      const view = await viewOf(opened, request.params.token);
      return publicHeaders(reply).send(ok(view));
    },
  );

  app.get<{ Params: { token: string } }>(
    '/track/:token/bol.pdf',
    {
      ...publicRoute,
      schema: {
        tags: TAGS,
        summary: 'The delivery’s bill of lading as a PDF, once the order is delivered (no sign-in); 404 before',
        params: tokenParams,
      },
    },
    async (request, reply) => {
      const opened = await openOf(request, reply, false);
      if (!opened) return reply;
      const view = await viewOf(opened, request.params.token);
      if (!view.bolUrl) return sendPublicPage(reply, 404, trackingGonePage('unknown'));
      const { pdf } = await billPdf(ctx, opened.orderId, 'DELIVERY', opened.vin);
      return publicHeaders(reply)
        .type('application/pdf')
        .header(
          'content-disposition',
          `inline; filename="BOL-${view.orderNumber.replace(/[^A-Za-z0-9-]+/g, '-')}-delivery.pdf"`,
        )
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );

  /** The recipient row of an opt-out link, with its address; null (the page sent) when the link is not valid. */
  const recipientOf = async (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
    const wait = limiter.take(request.ip);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      sendPublicPage(reply, 429, trackingTooManyPage());
      return null;
    }
    const id = recipientOfToken(ctx, request.params.token);
    const row =
      id === null
        ? undefined
        : await db.selectFrom('tracking_recipients').select(['id', 'email']).where('id', '=', id).executeTakeFirst();
    if (!row) sendPublicPage(reply, 404, unsubscribePage('unknown'));
    return row ?? null;
  };

  app.get<{ Params: { token: string } }>(
    '/track/unsubscribe/:token',
    {
      ...publicRoute,
      schema: {
        tags: TAGS,
        summary:
          'The opt-out page of a notice’s link: asks before stopping (a mail scanner following links stops nothing)',
        params: tokenParams,
      },
    },
    async (request, reply) => {
      const row = await recipientOf(request, reply);
      if (!row) return reply;
      return sendPublicPage(reply, 200, unsubscribePage('ask', row.email), { form: true });
    },
  );

  app.post<{ Params: { token: string } }>(
    '/track/unsubscribe/:token',
    {
      ...publicRoute,
      schema: {
        tags: TAGS,
        summary:
          'Stop the tracking notices to this address for this customer (no sign-in; doing it again changes nothing)',
        params: tokenParams,
      },
    },
    async (request, reply) => {
      const row = await recipientOf(request, reply);
      if (!row) return reply;
      await transact(db, async (trx) => {
        await trx
          .updateTable('tracking_recipients')
          .set({ opted_out_at: new Date().toISOString() })
          .where('id', '=', row.id)
          .where('opted_out_at', 'is', null)
          .execute();
      });
      return sendPublicPage(reply, 200, unsubscribePage('done', row.email));
    },
  );
}
