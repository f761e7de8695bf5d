import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParams, idText } from '../../../schema/common';
import { todayIso } from '../../../schema/expiry';
import {
  CLEARINGHOUSE_SETTING,
  QUALIFICATION_API,
  type QualificationFileDto,
  type QualificationRowDto,
  qualificationFileName,
  qualificationListQuery,
  qualificationRecordBody,
  qualificationSettingsBody,
} from '../../../schema/qualification';
import { requestAllows } from '../../auth/principal';
import { type ServerContext, ok } from '../../context';
import { transact } from '../../db/transaction';
import { notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import { contentDisposition } from '../documents/store';
import { ownDriverId } from '../finances/scope';
import { qualificationZip } from './file';
import { clearinghouseRequired, driversOf, qualificationFiles } from './store';
import { deleteRecord, recordItem } from './write';

const tags = ['Driver qualification'];
type Permission = 'Read' | 'Update' | 'Delete' | 'Export';
const access = (permission: Permission) => ({ access: { feature: 'DriverQualification', permission } }) as const;
/** A driver's own file: feature My Qualification File, scoped to the driver linked to the account. */
const own = (permission: 'Read' | 'Export') => ({ access: { feature: 'MyQualification', permission } }) as const;
const driverParams = z.object({ driverId: idText });
type DriverParams = { driverId: number };

/**
 * The driver qualification file (docs/product/driver-qualification.md): the fleet-wide view and each driver's
 * checklist (Read), an item recorded (Update) or a record past its legal time deleted (Delete), the whole file as a
 * ZIP for an auditor (Export, audited). A driver reads and downloads their own file through /mine, and no other.
 * The records' papers are documents of owner type qualificationItem (server/modules/documents).
 */
export default async function qualificationRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;
  const fileOf = async (request: FastifyRequest, driverId: number): Promise<QualificationFileDto> => {
    const drivers = await driversOf(db, driverId).execute();
    if (!drivers.length) throw notFound('Driver');
    const [file] = await qualificationFiles(db, drivers, todayIso());
    const canUpdate = await requestAllows(ctx.permissions, request, ['DriverQualification'], 'Update');
    return { ...file, canUpdate };
  };
  const mine = async (request: FastifyRequest) => {
    const driverId = await ownDriverId(db, request.auth!.user.id);
    if (!driverId) throw notFound('Driver');
    return driverId;
  };
  const download = async (request: FastifyRequest, driverId: number, reply: import('fastify').FastifyReply) => {
    const today = todayIso();
    const file = await fileOf(request, driverId);
    const zip = await qualificationZip(ctx, file, today);
    await transact(db, (trx) =>
      audit(trx, request, {
        action: 'export',
        entity: 'driverQualification',
        entityId: driverId,
        after: { bytes: zip.length },
      }),
    );
    return reply
      .type('application/zip')
      .header('content-disposition', contentDisposition(qualificationFileName(file.driverName, today)))
      .header('cache-control', 'private, no-store')
      .send(zip);
  };

  app.get<{ Querystring: z.output<typeof qualificationListQuery> }>(
    QUALIFICATION_API,
    {
      config: access('Read'),
      schema: {
        tags,
        summary: 'Every driver still employed with what is missing or due within 30 days; state=missing|due|complete',
        querystring: qualificationListQuery,
      },
    },
    async (request) => {
      const today = todayIso();
      const search = request.query.search?.toLowerCase();
      const drivers = (await driversOf(db).execute()).filter(
        (d) => (!d.terminated_on || d.terminated_on > today) && (!search || d.name.toLowerCase().includes(search)),
      );
      const rows = (await qualificationFiles(db, drivers, today))
        .map((file): QualificationRowDto => ({
          driverId: file.driverId,
          driverName: file.driverName,
          state: file.state,
          missing: file.items.filter((i) => i.state === 'missing').map((i) => i.label),
          due: file.items.filter((i) => i.state === 'due').map((i) => ({ item: i.label, dueOn: i.dueOn! })),
          nextDueOn:
            file.items
              .map((i) => i.dueOn)
              .filter((d): d is string => !!d)
              .sort()[0] ?? null,
        }))
        .filter((row) => !request.query.state || row.state === request.query.state)
        .sort((a, b) => a.driverName.localeCompare(b.driverName) || a.driverId - b.driverId);
      return ok({ items: rows, totalCount: rows.length, clearinghouseRequired: await clearinghouseRequired(db) });
    },
  );

  app.put<{ Body: z.output<typeof qualificationSettingsBody> }>(
    `${QUALIFICATION_API}/settings`,
    {
      config: access('Update'),
      schema: {
        tags,
        summary: "Whether the Clearinghouse query is on every driver's checklist",
        body: qualificationSettingsBody,
      },
    },
    async (request) => {
      const value = String(request.body.clearinghouseRequired);
      await transact(db, async (trx) => {
        const now = new Date().toISOString();
        const by = request.auth!.user.id;
        await trx
          .insertInto('company_settings')
          .values({ name: CLEARINGHOUSE_SETTING, value, updated_at: now, updated_by: by })
          .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: now, updated_by: by }))
          .execute();
        await audit(trx, request, {
          action: 'update',
          entity: 'companySettings',
          entityId: CLEARINGHOUSE_SETTING,
          after: { value },
        });
      });
      return ok({ clearinghouseRequired: request.body.clearinghouseRequired });
    },
  );

  app.get(
    `${QUALIFICATION_API}/mine`,
    {
      config: own('Read'),
      schema: { tags, summary: "The caller's own qualification file (a driver's account linked to a driver)" },
    },
    async (request) => ok(await fileOf(request, await mine(request))),
  );

  app.get(
    `${QUALIFICATION_API}/mine/file`,
    {
      config: own('Export'),
      schema: { tags, summary: "The caller's own qualification file as a ZIP (cover PDF and papers)" },
    },
    async (request, reply) => download(request, await mine(request), reply),
  );

  app.get<{ Params: DriverParams }>(
    `${QUALIFICATION_API}/:driverId`,
    {
      config: access('Read'),
      schema: { tags, summary: "A driver's checklist, with the records replaced and kept", params: driverParams },
    },
    async (request) => ok(await fileOf(request, request.params.driverId)),
  );

  app.get<{ Params: DriverParams }>(
    `${QUALIFICATION_API}/:driverId/file`,
    {
      config: access('Export'),
      schema: {
        tags,
        summary: "A driver's whole file for an auditor: a ZIP of the cover PDF and every record's papers",
        params: driverParams,
      },
    },
    async (request, reply) => download(request, request.params.driverId, reply),
  );

  app.post<{ Params: DriverParams; Body: z.output<typeof qualificationRecordBody> }>(
    `${QUALIFICATION_API}/:driverId/records`,
    {
      config: access('Update'),
      schema: {
        tags,
        summary:
          'Record an item (its date, a medical card expiry and registry check): the current record is replaced and kept',
        params: driverParams,
        body: qualificationRecordBody,
      },
    },
    async (request) => {
      const id = await transact(db, (trx) => recordItem(trx, request, request.params.driverId, request.body));
      const file = await fileOf(request, request.params.driverId);
      return ok({ id, file });
    },
  );

  app.delete<{ Params: { id: number } }>(
    `${QUALIFICATION_API}/records/:id`,
    {
      config: access('Delete'),
      schema: {
        tags,
        summary: 'Delete a record past its legal time; before it, 409 naming the first day it may go',
        params: idParams,
      },
    },
    async (request) => {
      await transact(db, (trx) => deleteRecord(trx, request, request.params.id, todayIso()));
      return ok({ id: request.params.id });
    },
  );
}
