import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { companyDateTime, dateIn } from '../../../schema/businessDay';
import { claimNumberOf } from '../../../schema/claims';
import { idText } from '../../../schema/common';
import { type DocumentContentType, cleanDocumentName } from '../../../schema/documents';
import {
  type ClaimFromInspectionBody,
  type ClaimedDamageDto,
  CLAIMED_DAMAGES_API,
  CLAIM_FROM_INSPECTION_API,
  claimFromInspectionBody,
  damageLine,
  inspectionOf,
  isNewDamage,
  photosOfDamage,
} from '../../../schema/inspectionComparison';
import { claims } from '../../../schema/resources/claims';
import { DAMAGE_AREAS, DAMAGE_TYPES } from '../../../schema/vehicleInspections';
import { type ServerContext, ok } from '../../context';
import type { Db } from '../../db/types';
import { badRequest, conflict, notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import { findDocument } from '../documents/store';
import { inspectionsOf } from '../vehicleInspections/inspections';
import type { ClaimRecords } from './steps';

const tags = ['Claims'];
const MAX_DESCRIPTION = 4000;
const MAX_VEHICLE_DAMAGE = 500;
const claimedQuery = z.object({ orderId: idText }).strict();

/** The claim that holds any of these damages of the inspection already, if one does (deleted ones too). */
async function claimHolding(db: Db, inspectionId: number, damageKeys: readonly string[]) {
  const row = await db
    .selectFrom('claim_inspection_damages as cd')
    .innerJoin('claims as c', 'c.id', 'cd.claim_id')
    .select(['c.id', 'c.created_at', 'c.deleted_at'])
    .where('cd.inspection_id', '=', inspectionId)
    .where('cd.damage_key', 'in', damageKeys)
    .orderBy('c.id')
    .executeTakeFirst();
  return row
    ? { id: Number(row.id), claimNumber: claimNumberOf(Number(row.id), row.created_at), deleted: !!row.deleted_at }
    : null;
}

/** 409 naming the claim the damages are on; the body carries it (`claim`) so that the screen can open it. */
const alreadyClaimed = (claim: { id: number; claimNumber: string; deleted: boolean }) =>
  conflict(
    `A claim was opened from ${claim.deleted ? 'these damages already, and deleted' : 'these damages already'}: ${claim.claimNumber}${claim.deleted ? ' (restore it instead)' : ''}`,
    { claim: { id: claim.id, claimNumber: claim.claimNumber } },
  );

const isUniqueViolation = (error: unknown) => {
  const code = String((error as { code?: unknown }).code ?? '');
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
};

/** The lines joined by `separator`, as many as fit in `max` characters, with how many were left out said. */
function within(lines: string[], max: number, separator = '\n'): string {
  const kept: string[] = [];
  for (const [index, line] of lines.entries()) {
    const left = lines.length - index - 1;
    const rest = `… and ${left + 1} more`;
    const length = [...kept, line].join(separator).length + (left ? separator.length + `… and ${left} more`.length : 0);
    if (length > max) {
      kept.push(rest);
      break;
    }
    kept.push(line);
  }
  return kept.join(separator).slice(0, max);
}

/**
 * A claim opened from damages a driver found at delivery that were not there at pickup (docs/product/claims.md,
 * "Opening a claim from a delivery damage"): made by the claims' own create (records.create: the order and vehicle
 * checked, the filing window, the steps, the timeline, the audit), with the order, the vehicle, the damages in words
 * and where they are, the delivery day as the day it was received, and the damages' photos as its documents (the
 * bytes referenced as they are kept: the object-store key, or copied within the database). Each damage is on one claim
 * at most: a second request for the same damages (a retry, two people at once) is answered 409 with the first claim.
 */
export function registerClaimFromInspection(app: FastifyInstance, ctx: ServerContext, records: ClaimRecords): void {
  const { db } = ctx;

  app.post<{ Body: ClaimFromInspectionBody }>(
    CLAIM_FROM_INSPECTION_API,
    {
      config: records.access('Create'),
      schema: {
        tags,
        body: claimFromInspectionBody,
        summary:
          'Open a damage claim from new damages of a vehicle’s completed delivery inspection (orderId, vin, damageClientKeys: damages not marked at pickup by area and type): the order’s shipper as claimant, the damages with their place in the description, the delivery day as received, their photos as the claim’s documents. 404 unknown order or vehicle; 400 a damage not on the delivery inspection or seen at pickup; 409 the delivery inspection not completed, or the damages already on a claim (the body’s claim names it). Answers the claim.',
      },
    },
    async (request) => {
      const { orderId, vin, damageClientKeys } = request.body;
      const keys = [...new Set(damageClientKeys)];
      const order = await db
        .selectFrom('book_orders as o')
        .leftJoin('shippers as s', 's.id', 'o.shipper_id')
        .select(['o.id', 'o.order_number', 's.name as shipper_name'])
        .where('o.id', '=', orderId)
        .where('o.deleted_at', 'is', null)
        .executeTakeFirst();
      if (!order) throw notFound('Book order');
      const vehicle = await db
        .selectFrom('book_order_vehicles')
        .select(['id', 'vin', 'year', 'make', 'model'])
        .where('book_order_id', '=', orderId)
        .where((eb) => eb(eb.fn('upper', ['vin']), '=', vin.toUpperCase()))
        .orderBy('position')
        .executeTakeFirst();
      if (!vehicle) throw notFound('Vehicle of this order');

      const inspections = await inspectionsOf(db, orderId);
      const pickup = inspectionOf(inspections, vehicle.vin, 'PICKUP');
      const delivery = inspectionOf(inspections, vehicle.vin, 'DELIVERY');
      if (!delivery?.completedAt)
        throw conflict(
          `The delivery inspection of ${vehicle.vin} is not completed and signed yet: a claim is opened from a signed inspection`,
        );
      const chosen = keys.map((key, index) => {
        const damage = delivery.damages.find((one) => one.clientKey === key);
        if (!damage)
          throw badRequest(
            `This damage is not on the delivery inspection of ${vehicle.vin}: choose one of its damages`,
            `damageClientKeys.${index}`,
          );
        if (!isNewDamage(damage, pickup?.damages ?? []))
          throw badRequest(
            `“${damage.text}” was marked at pickup already (same area and type): it is not a damage of this haul`,
            `damageClientKeys.${index}`,
          );
        return damage;
      });
      const held = await claimHolding(db, delivery.id, keys);
      if (held) throw alreadyClaimed(held);

      const photos = [
        ...new Map(
          chosen.flatMap((damage) => photosOfDamage(damage, delivery.photos)).map((photo) => [photo.id, photo]),
        ).values(),
      ];
      const car = [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ');
      const signed = delivery.customerNotAvailable
        ? 'the customer not available'
        : `signed by ${delivery.signerName}${delivery.subjectToInspection ? ', subject to inspection' : ''}`;
      const description = within(
        [
          `Opened from the delivery inspection of ${vehicle.vin} (${car}) on order ${order.order_number}, completed ${companyDateTime(delivery.completedAt)} (${signed}). Damages found at delivery that were not marked at pickup:`,
          ...chosen.map((damage) => {
            const shown = photosOfDamage(damage, delivery.photos).length;
            return `- ${damageLine(damage)}; ${shown === 1 ? '1 photo' : `${shown} photos`}`;
          }),
        ],
        MAX_DESCRIPTION,
      );
      const input = claims.create.parse({
        bookOrderId: orderId,
        claimantCompany: (order.shipper_name ?? `Order ${order.order_number}`).slice(0, 120),
        type: 'DAMAGE',
        priority: 'MEDIUM',
        status: 'RECEIVED',
        receivedOn: dateIn(delivery.completedAt),
        vehicles: [
          {
            bookOrderVehicleId: vehicle.id,
            damage: within(
              chosen.map((damage) => damage.text),
              MAX_VEHICLE_DAMAGE,
              '; ',
            ),
          },
        ],
        claimed: 0,
        description,
      });

      const userId = request.auth?.user.id ?? null;
      try {
        const claim = await records.create(
          request,
          input as Parameters<ClaimRecords['create']>[1],
          {},
          async (trx, created) => {
            // Read again inside the write: of two requests at once, the second finds the first's claim (PostgreSQL
            // retries it on the first's commit; the unique index stops any that slips through).
            const taken = await claimHolding(trx, delivery.id, keys);
            if (taken) throw alreadyClaimed(taken);
            const now = new Date().toISOString();
            await trx
              .insertInto('claim_inspection_damages')
              .values(
                keys.map((key) => ({
                  claim_id: created.id,
                  inspection_id: delivery.id,
                  damage_key: key,
                  created_at: now,
                })),
              )
              .execute();
            for (const [index, photo] of photos.entries()) {
              const bytes = await trx
                .selectFrom('vehicle_inspection_photos')
                .select(['content', 'object_key'])
                .where('id', '=', photo.id)
                .executeTakeFirstOrThrow();
              const damage = chosen.find((one) => one.photoKeys.includes(photo.clientKey))!;
              const { id } = await trx
                .insertInto('documents')
                .values({
                  owner_type: 'claim',
                  owner_id: created.id,
                  file_name: cleanDocumentName(
                    `Delivery ${vehicle.vin} ${DAMAGE_AREAS[damage.area]} ${DAMAGE_TYPES[damage.kind]} ${index + 1}`,
                    photo.contentType as DocumentContentType,
                  ),
                  content_type: photo.contentType,
                  size_bytes: photo.sizeBytes,
                  sha256: photo.sha256,
                  // The same bytes: copied within the database, or the same object of the store (named by its SHA-256).
                  content: bytes.content,
                  object_key: bytes.object_key,
                  created_at: now,
                  created_by: userId,
                  deleted_at: null,
                  deleted_by: null,
                })
                .returning('id')
                .executeTakeFirstOrThrow();
              const added = (await findDocument(trx, Number(id)))!;
              await audit(trx, request, { action: 'create', entity: 'document', entityId: added.id, after: added });
            }
          },
        );
        return ok(claim);
      } catch (error) {
        if (isUniqueViolation(error)) {
          const taken = await claimHolding(db, delivery.id, keys);
          if (taken) throw alreadyClaimed(taken);
        }
        throw error;
      }
    },
  );

  app.get<{ Querystring: z.output<typeof claimedQuery> }>(
    CLAIMED_DAMAGES_API,
    {
      config: records.access('Read', true),
      schema: {
        tags,
        querystring: claimedQuery,
        summary:
          'The damages of an order’s inspections that claims were opened from: inspectionId, damageClientKey, claimId, claimNumber, deleted (a deleted claim still holds its damages: restore it rather than open another)',
      },
    },
    async (request) => {
      const rows = await db
        .selectFrom('claim_inspection_damages as cd')
        .innerJoin('vehicle_inspections as i', 'i.id', 'cd.inspection_id')
        .innerJoin('claims as c', 'c.id', 'cd.claim_id')
        .select(['cd.inspection_id', 'cd.damage_key', 'c.id', 'c.created_at', 'c.deleted_at'])
        .where('i.book_order_id', '=', request.query.orderId)
        .orderBy('cd.id')
        .execute();
      return ok(
        rows.map((row): ClaimedDamageDto => ({
          inspectionId: Number(row.inspection_id),
          damageClientKey: row.damage_key,
          claimId: Number(row.id),
          claimNumber: claimNumberOf(Number(row.id), row.created_at),
          deleted: row.deleted_at !== null,
        })),
      );
    },
  );
}
