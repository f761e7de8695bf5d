import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParams } from '../../../schema/common';
import {
  BOL_LINK_DAYS,
  type BolLinkBody,
  type BolLinkCreatedDto,
  type BolLinkParams,
  type BolParams,
  type MyBolParams,
  bolFileName,
  bolLinkBody,
  bolLinkParams,
  bolParams,
  bolToken,
  myBolParams,
} from '../../../schema/bol';
import type { InspectionStage } from '../../../schema/vehicleInspections';
import { type ServerContext, ok } from '../../context';
import { transact } from '../../db/transaction';
import { currentUser } from '../../http/access';
import { liveOrder, revokeOrderLink } from '../bookOrders/orderLinks';
import { AddressLimiter } from '../../http/addressLimiter';
import { publicHeaders, sendPublicPage } from '../../http/publicPage';
import { audit } from '../audit/audit';
import { ownDriverId } from '../finances/scope';
import { bolOf } from './bol';
import { createLink, linkUrl, linksOf, openLink } from './bolLinks';
import { bolPage, linkGonePage, tooManyPage } from './bolPage';
import { billPdf } from './bolPdf';
import { ownLoad } from './inspections';

const TAGS = ['Bill of lading'];
const staffRead = { access: { feature: ['BookOrders', 'ClaimsTracker'], permission: 'Read' } } as const;
const staffWrite = { access: { feature: 'BookOrders', permission: 'Update' } } as const;
const driverRead = { access: { feature: 'MyLoads', permission: 'Read' } } as const;
const tokenParams = z.object({ token: z.string() });

/** Requests to the public pages a minute, per client address (tokens are not guessable; this keeps PDFs affordable). */
export const PUBLIC_BOL_PER_MINUTE = 60;

/**
 * The bill of lading (docs/product/vehicle-inspections.md#bill-of-lading): the PDF of an order's pickup or delivery
 * for staff and for the load's driver, and the online links that show it without signing in (/bol/{token}).
 */
export default async function bolRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;
  const limiter = new AddressLimiter(PUBLIC_BOL_PER_MINUTE);

  /** The PDF of an order's bill at a stage, drawn from what the database holds now. */
  const pdfOf = (orderId: number, stage: InspectionStage) => billPdf(ctx, orderId, stage);
  const sendPdf = (reply: FastifyReply, orderNumber: string, stage: InspectionStage, pdf: Buffer) =>
    reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${bolFileName(orderNumber, stage)}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(pdf);

  app.get<{ Params: BolParams }>(
    '/api/BookOrder/:id/bol/:stage',
    {
      config: staffRead,
      schema: {
        tags: TAGS,
        summary:
          'The bill of lading of the order’s pickup or delivery as a PDF: each vehicle’s inspection (or “Not inspected”), damage, photos and signature, the SHA-256 of the inspection set on every page',
        params: bolParams,
      },
    },
    async (request, reply) => {
      const { bill, pdf } = await pdfOf(request.params.id, request.params.stage);
      return sendPdf(reply, bill.orderNumber, bill.stage, pdf);
    },
  );

  app.get<{ Params: MyBolParams }>(
    '/api/MyLoads/:orderId/bol/:stage',
    {
      config: driverRead,
      schema: {
        tags: TAGS,
        summary: 'The bill of lading of one of the driver’s loads (cancelled ones too) as a PDF; another load is 404',
        params: myBolParams,
      },
    },
    async (request, reply) => {
      const driverId = await ownDriverId(db, currentUser(request).id);
      await ownLoad(db, driverId, request.params.orderId, { cancelled: true });
      const { bill, pdf } = await pdfOf(request.params.orderId, request.params.stage);
      return sendPdf(reply, bill.orderNumber, bill.stage, pdf);
    },
  );

  app.get<{ Params: z.output<typeof idParams> }>(
    '/api/BookOrder/:id/bol-links',
    {
      config: staffRead,
      schema: {
        tags: TAGS,
        summary:
          'The order’s online links to its bills of lading, newest first: stage, made when and by whom (or mailed to whom), expiry, revoked when and by whom — never the token',
        params: idParams,
      },
    },
    async (request) => {
      await liveOrder(db, request.params.id);
      return ok(await linksOf(db, request.params.id));
    },
  );

  app.post<{ Params: z.output<typeof idParams>; Body: BolLinkBody }>(
    '/api/BookOrder/:id/bol-links',
    {
      config: staffWrite,
      schema: {
        tags: TAGS,
        summary: `Make an online link to the bill of lading of a stage, working ${BOL_LINK_DAYS.min} to ${BOL_LINK_DAYS.max} days (${BOL_LINK_DAYS.default} unless days is sent): the answer holds its address, shown this once (only the token’s SHA-256 is kept)`,
        params: idParams,
        body: bolLinkBody,
      },
    },
    async (request): Promise<{ value: BolLinkCreatedDto }> => {
      const { id } = request.params;
      const { stage, days } = request.body;
      const made = await transact(db, async (trx) => {
        await liveOrder(trx, id);
        const link = await createLink(trx, { orderId: id, stage, days, createdBy: currentUser(request).id });
        await audit(trx, request, {
          action: 'create',
          entity: 'bol_link',
          entityId: link.id,
          after: { orderId: id, stage, expiresAt: link.expiresAt },
        });
        return link;
      });
      const [dto] = await linksOf(db, id, made.id);
      return ok({ ...dto, url: linkUrl(ctx.config.publicUrl, made.token) });
    },
  );

  app.post<{ Params: BolLinkParams }>(
    '/api/BookOrder/:id/bol-links/:linkId/revoke',
    {
      config: staffWrite,
      schema: {
        tags: TAGS,
        summary:
          'Revoke an online link of the order: it stops working at once (its page answers as an expired one). Revoking it again changes nothing',
        params: bolLinkParams,
      },
    },
    async (request) => {
      const { id, linkId } = request.params;
      await transact(db, (trx) =>
        revokeOrderLink(trx, request, { table: 'bol_links', entity: 'bol_link', orderId: id, linkId }),
      );
      return ok((await linksOf(db, id, linkId))[0]);
    },
  );

  // The public pages: no sign-in, whoever holds the link. Never cached, never indexed, and the same 404 for every
  // token that does not open a bill, so that nobody learns whether one existed.
  const page = (reply: FastifyReply, status: number, html: string) => sendPublicPage(reply, status, html);
  /** The link of the request's token while it works; otherwise the answer is sent (404, or 429) and null returned. */
  const linkOf = async (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
    const wait = limiter.take(request.ip);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      page(reply, 429, tooManyPage());
      return null;
    }
    const token = bolToken.safeParse(request.params.token);
    const link = token.success ? await openLink(db, token.data) : null;
    if (!link) page(reply, 404, linkGonePage());
    return link;
  };
  const publicSchema = (summary: string) => ({
    tags: TAGS,
    summary,
    params: tokenParams,
  });

  app.get<{ Params: { token: string } }>(
    '/bol/:token',
    {
      config: { access: { public: true } },
      schema: publicSchema(
        'The bill of lading behind an online link, as a page (no sign-in): an unknown, expired or revoked link is the same 404 page',
      ),
    },
    async (request, reply) => {
      const link = await linkOf(request, reply);
      if (!link) return reply;
      const bill = await bolOf(ctx, link.orderId, link.stage);
      return page(
        reply,
        200,
        bolPage(bill, { pdfPath: `/bol/${encodeURIComponent(request.params.token)}/pdf`, expiresAt: link.expiresAt }),
      );
    },
  );

  app.get<{ Params: { token: string } }>(
    '/bol/:token/pdf',
    {
      config: { access: { public: true } },
      schema: publicSchema('The same bill of lading as a PDF (no sign-in); an unknown, expired or revoked link is 404'),
    },
    async (request, reply) => {
      const link = await linkOf(request, reply);
      if (!link) return reply;
      const { bill, pdf } = await pdfOf(link.orderId, link.stage);
      publicHeaders(reply);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${bolFileName(bill.orderNumber, bill.stage)}"`)
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );
}
