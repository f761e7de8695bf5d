import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParams, textInteger } from '../../../schema/common';
import {
  INSPECTION_TYPE_LABELS,
  type CompleteBody,
  type InspectionBody,
  type InspectionParams,
  type PhotoQuery,
  MAX_PHOTO_BYTES,
  MAX_SIGNATURE_BYTES,
  completeBody,
  inspectionBody,
  inspectionParams,
  missingForCompletion,
  photoQuery,
} from '../../../schema/vehicleInspections';
import { type ServerContext, ok } from '../../context';
import { transact } from '../../db/transaction';
import { currentUser } from '../../http/access';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import { bytesOf, keptBytes, receiveFile, tooLarge, wrongType } from '../documents/store';
import { ownDriverId } from '../finances/scope';
import { inspectionTypesOf } from './requirements';
import { afterInspectionCompleted } from './roadStatus';
import { mailBol } from './bolMail';
import { screenCopy } from './bol';
import { inspectionCompleted } from '../webhooks/catalogue';
import {
  PHOTO_COLUMNS,
  inspectionColumns,
  inspectionsOf,
  ownLoad,
  ownVehicle,
  photoDto,
  positionColumns,
  resendRule,
} from './inspections';

const TAGS = ['Vehicle inspections'];
const read = { access: { feature: 'MyLoads', permission: 'Read' } } as const;
const write = { access: { feature: 'MyLoads', permission: 'Update' } } as const;
const BASE = '/api/MyLoads/:orderId/inspections';
const orderParams = z.object({ orderId: textInteger(1, 2_147_483_647) });
const photoParams = inspectionParams.extend({ photoId: textInteger(1, 2_147_483_647) });
/** `original` (the bytes as taken, the default) or `small` (a copy for screens, at most 480 px a side). */
const photoSize = z.object({ size: z.enum(['original', 'small']).default('original') });
type PhotoSize = z.output<typeof photoSize>['size'];
const PHOTO_KINDS = ['image/jpeg', 'image/png'] as const;
const staffPhotoParams = idParams.extend({ photoId: textInteger(1, 2_147_483_647) });

/**
 * Vehicle inspections from the driver's phone (docs/product/vehicle-inspections.md), on the driver's own loads only
 * (ownVehicle: another driver's load is a 404). Every send carries the phone's client key, so a retry after a lost
 * answer — the phone is often out of signal — is answered with what was stored, never stored twice.
 */
export default async function vehicleInspectionRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;
  // A photo is the request body itself (JPEG or PNG, told by its bytes); JSON bodies keep their own parser.
  app.addContentTypeParser(['image/jpeg', 'image/png', 'application/octet-stream'], (_request, payload, done) =>
    done(null, payload),
  );

  /**
   * A photo's bytes as stored, or its smaller copy for screens (`?size=small`, bol.ts screenCopy); a photo never
   * changes, so the browser may keep either.
   */
  const sendPhoto = async (
    reply: FastifyReply,
    row: { content: Uint8Array; object_key: string | null; content_type: string; sha256: string },
    size: PhotoSize,
  ) => {
    const bytes = await bytesOf(ctx.files, row);
    const small = size === 'small' && row.content_type !== 'image/png' ? await screenCopy(bytes, row.sha256) : null;
    return reply
      .type(small ? 'image/jpeg' : row.content_type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(small ?? bytes);
  };

  const driverOf = async (request: Parameters<typeof currentUser>[0]) => ownDriverId(db, currentUser(request).id);
  const one = async (params: InspectionParams, vin: string) =>
    (await inspectionsOf(db, params.orderId, { stage: params.stage, vin }))[0];

  app.get<{ Params: z.output<typeof orderParams> }>(
    BASE,
    {
      config: read,
      schema: {
        tags: TAGS,
        summary: 'The inspections of one of the driver’s loads, with their photos’ facts',
        params: orderParams,
      },
    },
    async (request) => {
      // A cancelled load's inspections stay readable by its driver.
      await ownLoad(db, await driverOf(request), request.params.orderId, { cancelled: true });
      return ok(await inspectionsOf(db, request.params.orderId));
    },
  );

  app.put<{ Params: InspectionParams; Body: InspectionBody }>(
    `${BASE}/:stage/:vin`,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary:
          'Save a vehicle’s inspection as the phone has it (whole, each time it changes): the first send creates it, a later one with its version replaces it; the same send again changes nothing',
        params: inspectionParams,
        body: inspectionBody,
      },
    },
    async (request) => {
      const driverId = await driverOf(request);
      const vin = await ownVehicle(db, driverId, request.params);
      const { stage, orderId } = request.params;
      const body = request.body;
      const type = (await inspectionTypesOf(db, [orderId])).get(orderId)!;
      if (body.type && body.type !== type)
        throw badRequest(
          `This load asks for the ${INSPECTION_TYPE_LABELS[type]} inspection (the shipper's, broker's or company's choice): open the load again`,
          'type',
        );
      const now = new Date().toISOString();
      await transact(db, async (trx) => {
        const row = await trx
          .selectFrom('vehicle_inspections')
          .selectAll()
          .where('book_order_id', '=', orderId)
          .where('stage', '=', stage)
          .where('vin', '=', vin)
          .executeTakeFirst();
        if (!row) {
          const taken = await trx
            .selectFrom('vehicle_inspections')
            .select('id')
            .where('client_key', '=', body.clientKey)
            .executeTakeFirst();
          if (taken) throw conflict('This client key belongs to another inspection: make a new one for this vehicle');
          if (body.version !== undefined)
            throw conflict('This inspection is not on the server yet: send it without a version');
          const { id } = await trx
            .insertInto('vehicle_inspections')
            .values({
              book_order_id: orderId,
              vin,
              stage,
              driver_id: driverId!,
              client_key: body.clientKey,
              ...inspectionColumns(body, type),
              completed_at: null,
              signer_name: null,
              customer_not_available: 0,
              subject_to_inspection: 0,
              created_at: now,
              updated_at: now,
              version: 1,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await audit(trx, request, { action: 'create', entity: 'vehicle_inspection', entityId: Number(id) });
          return;
        }
        if (resendRule(row as never, body, type) === 'same') return;
        await trx
          .updateTable('vehicle_inspections')
          .set({ ...inspectionColumns(body, type), updated_at: now, version: Number(row.version) + 1 })
          .where('id', '=', row.id)
          .where('version', '=', row.version)
          .execute();
      });
      return ok(await one(request.params, vin));
    },
  );

  app.post<{ Params: InspectionParams; Querystring: PhotoQuery }>(
    `${BASE}/:stage/:vin/photos`,
    {
      config: { ...write, tooLarge: tooLarge().message },
      bodyLimit: MAX_PHOTO_BYTES,
      schema: {
        tags: TAGS,
        summary: `Add a photo to a saved inspection: the body is the JPEG or PNG itself (at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB), the query its client key, when and where it was taken. The same client key again answers the photo stored`,
        params: inspectionParams,
        querystring: photoQuery,
      },
    },
    async (request, reply) => {
      const driverId = await driverOf(request);
      const vin = await ownVehicle(db, driverId, request.params);
      const inspection = await one(request.params, vin);
      if (!inspection) throw conflict('Save the inspection before its photos: the photo has nothing to belong to yet');
      const query = request.query;
      const stored = await db
        .selectFrom('vehicle_inspection_photos')
        .select(PHOTO_COLUMNS)
        .where('client_key', '=', query.clientKey)
        .executeTakeFirst();
      if (stored && Number(stored.inspection_id) !== inspection.id)
        throw conflict('This client key belongs to a photo of another inspection');
      if (inspection.completedAt && !stored)
        throw conflict('This inspection is completed and signed: it takes no more photos');
      if (!(request.body instanceof Readable)) throw wrongType();
      const file = await receiveFile(request.body, { maxBytes: MAX_PHOTO_BYTES, accept: PHOTO_KINDS }).catch(
        (error: unknown) => {
          if (error instanceof ApiError && (error.statusCode === 413 || error.statusCode === 415))
            reply.header('connection', 'close');
          throw error;
        },
      );
      if (stored) {
        // A retry after a lost answer: the same bytes are the photo already stored; other bytes under its key are not.
        if (stored.sha256 !== file.sha256)
          throw conflict('This client key already holds another photo: take the new one under a new key');
        return ok(photoDto(stored as never));
      }
      const kept = await keptBytes(ctx.files, file, 'inspection-photos');
      const photo = await transact(db, async (trx) => {
        const inserted = await trx
          .insertInto('vehicle_inspection_photos')
          .values({
            inspection_id: inspection.id,
            client_key: query.clientKey,
            view: query.view,
            content_type: file.contentType,
            size_bytes: file.bytes.length,
            sha256: file.sha256,
            ...kept,
            taken_at: new Date(query.takenAt).toISOString(),
            received_at: new Date().toISOString(),
            ...positionColumns(query),
          })
          .onConflict((oc) => oc.column('client_key').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (inserted)
          await audit(trx, request, {
            action: 'create',
            entity: 'vehicle_inspection_photo',
            entityId: Number(inserted.id),
          });
        return (
          trx
            .selectFrom('vehicle_inspection_photos')
            .select(PHOTO_COLUMNS)
            // Another send of the same photo may have stored it a moment before: then that one is the photo.
            .where('client_key', '=', query.clientKey)
            .executeTakeFirstOrThrow()
        );
      });
      if (photo.sha256 !== file.sha256)
        throw conflict('This client key already holds another photo: take the new one under a new key');
      return ok(photoDto(photo as never));
    },
  );

  app.get<{ Params: z.output<typeof photoParams>; Querystring: z.output<typeof photoSize> }>(
    `${BASE}/:stage/:vin/photos/:photoId`,
    {
      config: read,
      schema: {
        tags: TAGS,
        summary: 'A photo of the inspection, its bytes as taken (or ?size=small, a copy for screens)',
        params: photoParams,
        querystring: photoSize,
      },
    },
    async (request, reply) => {
      const vin = await ownVehicle(db, await driverOf(request), request.params);
      const row = await db
        .selectFrom('vehicle_inspection_photos as p')
        .innerJoin('vehicle_inspections as i', 'i.id', 'p.inspection_id')
        .select(['p.content', 'p.object_key', 'p.content_type', 'p.sha256'])
        .where('p.id', '=', request.params.photoId)
        .where('i.book_order_id', '=', request.params.orderId)
        .where('i.stage', '=', request.params.stage)
        .where('i.vin', '=', vin)
        .executeTakeFirst();
      if (!row) throw notFound('Photo');
      return sendPhoto(reply, row, request.query.size);
    },
  );

  /**
   * After a completion (or its retry): the order's progress and status follow (roadStatus.ts), and once every vehicle
   * is inspected at the stop the BOL goes to the shipper and broker (bolMail.ts, once per stop) without holding the
   * driver's answer. The inspection is kept whatever happens here; the next completion tries again.
   */
  async function roadFollows(request: FastifyRequest<{ Params: InspectionParams }>) {
    const { orderId, stage } = request.params;
    const followed = await afterInspectionCompleted(ctx, request, orderId, stage).catch((error: unknown) => {
      request.log.warn({ err: error }, 'inspection: the order status could not follow');
      return null;
    });
    if (followed?.everyVehicle)
      void mailBol(ctx, orderId, stage, request.log).catch((error: unknown) =>
        request.log.warn({ err: error }, 'inspection: the bill of lading could not be mailed'),
      );
  }

  app.post<{ Params: InspectionParams; Body: CompleteBody }>(
    `${BASE}/:stage/:vin/complete`,
    {
      // The signature is a drawn PNG as base64: longer than any text field (server/http/text.ts).
      config: { ...write, longText: { signaturePng: Math.ceil(MAX_SIGNATURE_BYTES / 3) * 4 } },
      bodyLimit: MAX_SIGNATURE_BYTES * 2,
      schema: {
        tags: TAGS,
        summary:
          'Complete the inspection with the signature: refused (400) with what it still lacks for its type; the same completion again answers the completed inspection',
        params: inspectionParams,
        body: completeBody,
      },
    },
    async (request) => {
      const driverId = await driverOf(request);
      const vin = await ownVehicle(db, driverId, request.params);
      const inspection = await one(request.params, vin);
      if (!inspection) throw conflict('Save the inspection before completing it');
      const body = request.body;
      const signature = Buffer.from(body.signaturePng, 'base64');
      const file = await receiveFile(Readable.from([signature]), {
        maxBytes: MAX_SIGNATURE_BYTES,
        accept: ['image/png'],
      });
      const signatureKey = `${inspection.clientKey}-signature`;
      if (inspection.completedAt) {
        const signed = inspection.photos.find((photo) => photo.clientKey === signatureKey);
        if (signed?.sha256 === file.sha256) {
          // A retry after a lost answer: the order's progress is checked again in case it did not follow then.
          await roadFollows(request);
          return ok(inspection);
        }
        throw conflict('This inspection is completed and signed already');
      }
      if (body.version !== inspection.version)
        throw conflict(`This inspection is at version ${inspection.version}, not ${body.version}: open it again`, {
          version: inspection.version,
        });
      const missing = missingForCompletion(inspection);
      if (missing.length) throw badRequest(`Before it is signed: ${missing.join('; ')}`);
      const kept = await keptBytes(ctx.files, file, 'inspection-photos');
      const now = new Date().toISOString();
      await transact(db, async (trx) => {
        const done = await trx
          .updateTable('vehicle_inspections')
          .set({
            completed_at: now,
            signer_name: body.signerName,
            customer_not_available: body.customerNotAvailable ? 1 : 0,
            subject_to_inspection: body.subjectToInspection ? 1 : 0,
            updated_at: now,
            version: inspection.version + 1,
          })
          .where('id', '=', inspection.id)
          .where('version', '=', inspection.version)
          .where('completed_at', 'is', null)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) throw conflict('This inspection changed meanwhile: open it again');
        await trx
          .insertInto('vehicle_inspection_photos')
          .values({
            inspection_id: inspection.id,
            client_key: signatureKey,
            view: 'SIGNATURE',
            content_type: file.contentType,
            size_bytes: file.bytes.length,
            sha256: crypto.createHash('sha256').update(file.bytes).digest('hex'),
            ...kept,
            taken_at: now,
            received_at: now,
            ...positionColumns(inspection.position),
          })
          .execute();
        await audit(trx, request, { action: 'complete', entity: 'vehicle_inspection', entityId: inspection.id });
        await inspectionCompleted(trx, inspection);
      });
      // The inspection is kept whatever follows: the order's progress and status are brought up to date after it, and
      // again by the next completion should this fail.
      await roadFollows(request);
      return ok(await one(request.params, vin));
    },
  );

  // Staff read a load's inspections: dispatchers on the order, the claims team on a claim's vehicles.
  const staff = { access: { feature: ['BookOrders', 'ClaimsTracker'], permission: 'Read' } } as const;
  const liveOrder = async (orderId: number) => {
    const order = await db
      .selectFrom('book_orders')
      .select('id')
      .where('id', '=', orderId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!order) throw notFound('Book order');
  };

  app.get<{ Params: z.output<typeof idParams> }>(
    '/api/BookOrder/:id/inspections',
    {
      config: staff,
      schema: {
        tags: TAGS,
        summary: 'The vehicle inspections of an order, at pickup and delivery, with their photos’ facts (staff)',
        params: idParams,
      },
    },
    async (request) => {
      await liveOrder(request.params.id);
      return ok(await inspectionsOf(db, request.params.id));
    },
  );

  app.get<{ Params: z.output<typeof staffPhotoParams>; Querystring: z.output<typeof photoSize> }>(
    '/api/BookOrder/:id/inspections/photos/:photoId',
    {
      config: staff,
      schema: {
        tags: TAGS,
        summary: 'A photo of one of the order’s inspections, its bytes as taken, or ?size=small for screens (staff)',
        params: staffPhotoParams,
        querystring: photoSize,
      },
    },
    async (request, reply) => {
      await liveOrder(request.params.id);
      const row = await db
        .selectFrom('vehicle_inspection_photos as p')
        .innerJoin('vehicle_inspections as i', 'i.id', 'p.inspection_id')
        .select(['p.content', 'p.object_key', 'p.content_type', 'p.sha256'])
        .where('p.id', '=', request.params.photoId)
        .where('i.book_order_id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) throw notFound('Photo');
      return sendPhoto(reply, row, request.query.size);
    },
  );
}
