import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  COMPANY_MESSAGES,
  type CompanySettingsBody,
  type CompanySettingsDto,
  type InspectionSettingsBody,
  type InspectionSettingsDto,
  companySettingsBody,
  inspectionSettingsBody,
} from '../../../schema/company';
import { canonicalTimeZone, currentTime, todayIso } from '../../../schema/businessDay';
import { type ServerContext, ok } from '../../context';
import { transact } from '../../db/transaction';
import type { Db } from '../../db/types';
import { INSPECTION_SETTINGS, inspectionSettings } from '../vehicleInspections/requirements';
import { registerPeriodic } from '../../housekeeping';
import { forbidden } from '../../http/errors';
import { audit } from '../audit/audit';
import { roleIdOf } from '../users/guards';
import { TIME_ZONE_SETTING } from './timeZone';
import {
  TRACKING_MESSAGES,
  type TrackingSettingsBody,
  type TrackingSettingsDto,
  trackingSettingsBody,
} from '../../../schema/tracking';
import { TRACKING_DAYS_SETTING, trackingDays } from '../tracking/settings';

const TAGS = ['Company'];

/**
 * The company's settings (GET/PUT /api/Company/settings): its time zone, which decides every business date on the
 * server and the dates the web app's forms start from. Everyone signed in reads it; only administrators change it.
 */
/** Writes one row of company_settings (insert or update, its version moved). */
export async function saveSetting(trx: Db, name: string, value: string, by: number) {
  const at = new Date().toISOString();
  await trx
    .insertInto('company_settings')
    .values({ name, value, updated_at: at, updated_by: by })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet((eb) => ({
        value,
        updated_at: at,
        updated_by: by,
        version: eb('company_settings.version', '+', 1),
      })),
    )
    .execute();
}

export default async function companyRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db, companyZone } = ctx;
  // A change made on another server sharing the database reaches this one at the next read.
  registerPeriodic(app, companyZone.refreshMs, () =>
    companyZone.load(db).catch((error: Error) => app.log.warn(`company settings: ${error.message}`)),
  );

  const isAdministrator = async (request: FastifyRequest) =>
    request.auth!.roleIds.includes(await roleIdOf(db, 'Administrator'));

  const nameOf = async (userId: number | null) => {
    if (userId === null) return null;
    const user = await db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return user ? `${user.first_name} ${user.last_name}` : null;
  };
  async function settingsFor(request: FastifyRequest): Promise<CompanySettingsDto> {
    const setting = companyZone.current;
    const now = currentTime();
    return {
      timeZone: setting.timeZone,
      defaultTimeZone: companyZone.fallback,
      chosen: setting.chosen,
      today: todayIso(now, setting.timeZone),
      now: now.toISOString(),
      updatedAt: setting.updatedAt,
      updatedBy: await nameOf(setting.updatedBy),
      canChange: await isAdministrator(request),
    };
  }

  app.get(
    '/api/Company/settings',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: TAGS,
        summary:
          "The company's time zone (what day it is for every business date), today in it, and whether the caller may change it",
      },
    },
    async (request) => ok(await settingsFor(request)),
  );

  app.put<{ Body: CompanySettingsBody }>(
    '/api/Company/settings',
    {
      config: { access: { signedIn: true } },
      // Refused before the body is read: a non-administrator learns nothing from the validation.
      preValidation: async (request) => {
        if (!(await isAdministrator(request))) throw forbidden(COMPANY_MESSAGES.onlyAdministrators);
      },
      schema: {
        tags: TAGS,
        summary: "Change the company's time zone (administrators only): an IANA zone such as America/Chicago",
        body: companySettingsBody,
      },
    },
    async (request) => {
      const timeZone = canonicalTimeZone(request.body.timeZone)!;
      await transact(db, async (trx) => {
        const before = await trx
          .selectFrom('company_settings')
          .select(['value'])
          .where('name', '=', TIME_ZONE_SETTING)
          .executeTakeFirst();
        if (before?.value === timeZone) return;
        await saveSetting(trx, TIME_ZONE_SETTING, timeZone, request.auth!.user.id);
        await audit(trx, request, {
          action: 'update',
          entity: 'company_settings',
          entityId: TIME_ZONE_SETTING,
          before: { timeZone: before?.value ?? companyZone.fallback },
          after: { timeZone },
        });
      });
      await companyZone.load(db);
      return ok(await settingsFor(request));
    },
  );

  async function inspectionSettingsFor(request: FastifyRequest): Promise<InspectionSettingsDto> {
    const { updatedById, ...settings } = await inspectionSettings(db);
    return { ...settings, updatedBy: await nameOf(updatedById), canChange: await isAdministrator(request) };
  }

  app.get(
    '/api/Company/inspections',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: TAGS,
        summary:
          'The company’s inspection rules: the type drivers record when the shipper and broker ask for none, and whether Picked up and Delivered need completed inspections',
      },
    },
    async (request) => ok(await inspectionSettingsFor(request)),
  );

  app.put<{ Body: InspectionSettingsBody }>(
    '/api/Company/inspections',
    {
      config: { access: { signedIn: true } },
      preValidation: async (request) => {
        if (!(await isAdministrator(request))) throw forbidden(COMPANY_MESSAGES.onlyAdministratorsInspections);
      },
      schema: {
        tags: TAGS,
        summary: 'Change the company’s inspection rules (administrators only)',
        body: inspectionSettingsBody,
      },
    },
    async (request) => {
      const body = request.body;
      await transact(db, async (trx) => {
        const before = await inspectionSettings(trx);
        if (before.inspectionType === body.inspectionType && before.inspectionRequired === body.inspectionRequired)
          return;
        const by = request.auth!.user.id;
        await saveSetting(trx, INSPECTION_SETTINGS.type, body.inspectionType, by);
        await saveSetting(trx, INSPECTION_SETTINGS.required, String(body.inspectionRequired), by);
        await audit(trx, request, {
          action: 'update',
          entity: 'company_settings',
          entityId: INSPECTION_SETTINGS.type,
          before: { inspectionType: before.inspectionType, inspectionRequired: before.inspectionRequired },
          after: body,
        });
      });
      return ok(await inspectionSettingsFor(request));
    },
  );

  const trackingSettingsFor = async (request: FastifyRequest): Promise<TrackingSettingsDto> => ({
    daysAfterDelivery: await trackingDays(db),
    canChange: await isAdministrator(request),
  });

  app.get(
    '/api/Company/tracking',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: TAGS,
        summary: 'How many days a tracking link keeps working after the delivery (docs/product/tracking.md#links)',
      },
    },
    async (request) => ok(await trackingSettingsFor(request)),
  );

  app.put<{ Body: TrackingSettingsBody }>(
    '/api/Company/tracking',
    {
      config: { access: { signedIn: true } },
      preValidation: async (request) => {
        if (!(await isAdministrator(request))) throw forbidden(TRACKING_MESSAGES.onlyAdministrators);
      },
      schema: {
        tags: TAGS,
        summary:
          'Change how many days a tracking link keeps working after the delivery (administrators only; 0 to 90, 0 stops it at the delivery)',
        body: trackingSettingsBody,
      },
    },
    async (request) => {
      const days = request.body.daysAfterDelivery;
      await transact(db, async (trx) => {
        const before = await trackingDays(trx);
        if (before === days) return;
        await saveSetting(trx, TRACKING_DAYS_SETTING, String(days), request.auth!.user.id);
        await audit(trx, request, {
          action: 'update',
          entity: 'company_settings',
          entityId: TRACKING_DAYS_SETTING,
          before: { daysAfterDelivery: before },
          after: { daysAfterDelivery: days },
        });
      });
      return ok(await trackingSettingsFor(request));
    },
  );
}
