import type { FastifyInstance } from 'fastify';
import { addDays, todayIso } from '../../../schema/expiry';
import type { Permission } from '../../../schema/roles';
import {
  INSPECTION_BASIC_CAP,
  OOS_WEIGHT,
  SAFETY_TOP_CODES,
  SAFETY_TOP_DRIVERS,
  type SafetyBasicRow,
  type SafetyCodeRow,
  type SafetyDriverRow,
  type SafetyOpenChallenge,
  type SafetyPicture,
  type SafetyQuery,
  monthsBefore,
  safetyQuery,
  safetyWindowStart,
} from '../../../schema/safety';
import {
  BASICS,
  BASIC_LABELS,
  type Basic,
  CHALLENGE_STATUSES,
  CHALLENGE_STATUS_LABELS,
  type ChallengeStatus,
  timeWeight,
} from '../../../schema/tickets';
import { type ServerContext, ok } from '../../context';
import type { Db } from '../../db/types';
import { notFound } from '../../http/errors';
import type { AccessConfig } from '../records/types';
import { driverName } from '../drivers/names';

const tags = ['Tickets'];

/** One row of the read: an inspection report of the window, with one of its violations (or none: nulls). */
interface Row {
  ticket_id: number;
  inspected_on: string;
  driver_id: number | null;
  driver_name: string | null;
  report_id: number;
  report_number: string;
  challenge_status: string;
  challenge_deadline: string | null;
  violation_number_id: number | null;
  out_of_service: number | null;
  code: string | null;
  description: string | null;
  basic: string | null;
  severity: number | null;
}

/**
 * The rows of a driver's or a carrier's inspections dated after `after` up to `asOf`, ticket and report not deleted,
 * each with its violations and their codes: one query over the tickets' (driver_id, date) or (carrier_id, date)
 * index, then the reports by ticket, the violations by report and the codes and driver by id.
 */
async function inspectionRows(
  db: Db,
  subject: { kind: 'driver' | 'carrier'; id: number },
  after: string,
  asOf: string,
): Promise<Row[]> {
  const rows = await db
    .selectFrom('tickets as t')
    .innerJoin('inspection_reports as r', 'r.ticket_id', 't.id')
    .leftJoin('inspection_violations as v', 'v.inspection_report_id', 'r.id')
    .leftJoin('violation_codes as c', 'c.id', 'v.violation_number_id')
    .leftJoin('drivers as d', 'd.id', 't.driver_id')
    .select([
      't.id as ticket_id',
      't.date as inspected_on',
      't.driver_id',
      driverName('d').as('driver_name'),
      'r.id as report_id',
      'r.report_number',
      'r.challenge_status',
      'r.challenge_deadline',
      'v.violation_number_id',
      'v.out_of_service',
      'c.code',
      'c.description',
      'c.basic',
      'c.severity',
    ])
    .where(subject.kind === 'driver' ? 't.driver_id' : 't.carrier_id', '=', subject.id)
    .where('t.date', '>', after)
    .where('t.date', '<=', asOf)
    .where('t.deleted_at', 'is', null)
    .where('r.deleted_at', 'is', null)
    .execute();
  return rows as Row[];
}

/** A violation of one inspection as it is weighed: a code once per inspection, out of service if any line says so. */
interface Cited {
  violationNumberId: number;
  code: string;
  description: string;
  basic: Basic;
  severity: number;
  oos: boolean;
}
interface Inspection {
  reportId: number;
  reportNumber: string;
  ticketId: number;
  inspectedOn: string;
  driverId: number | null;
  driverName: string | null;
  challengeStatus: ChallengeStatus;
  challengeDeadline: string | null;
  timeWeight: number;
  cited: Map<number, Cited>;
}

const zeroBasics = () => Object.fromEntries(BASICS.map((basic) => [basic, 0])) as Record<Basic, number>;
const round2 = (value: number) => Math.round(value * 100) / 100;

/** The picture from the rows: the SMS arithmetic (docs/product/tickets.md#safety). */
function weighInspections(rows: readonly Row[], subject: SafetyPicture['subject'], asOf: string): SafetyPicture {
  const inspections = new Map<number, Inspection>();
  // schema/tickets.ts timeWeight, once per date (it draws its bands anew at every call).
  const weights = new Map<string, number>();
  const weightOn = (date: string) => {
    let weight = weights.get(date);
    if (weight === undefined) weights.set(date, (weight = timeWeight(date, asOf)));
    return weight;
  };
  for (const row of rows) {
    const weight = weightOn(row.inspected_on);
    if (weight === 0) continue;
    let inspection = inspections.get(row.report_id);
    if (!inspection) {
      inspection = {
        reportId: row.report_id,
        reportNumber: row.report_number,
        ticketId: row.ticket_id,
        inspectedOn: row.inspected_on,
        driverId: row.driver_id === null ? null : Number(row.driver_id),
        driverName: row.driver_name,
        challengeStatus: row.challenge_status as ChallengeStatus,
        challengeDeadline: row.challenge_deadline,
        timeWeight: weight,
        cited: new Map(),
      };
      inspections.set(row.report_id, inspection);
    }
    if (row.violation_number_id === null || row.basic === null) continue;
    const id = Number(row.violation_number_id);
    const oos = Number(row.out_of_service) === 1;
    const seen = inspection.cited.get(id);
    if (seen) seen.oos ||= oos;
    else
      inspection.cited.set(id, {
        violationNumberId: id,
        code: row.code!,
        description: row.description!,
        basic: row.basic as Basic,
        severity: Number(row.severity),
        oos,
      });
  }

  const basics = new Map<Basic, SafetyBasicRow>(
    BASICS.map((basic) => [
      basic,
      { basic, name: BASIC_LABELS[basic], weight: 0, inspections: 0, violations: 0, oosViolations: 0 },
    ]),
  );
  const drivers = new Map<number | null, SafetyDriverRow>();
  const codes = new Map<number, SafetyCodeRow & { exact: number }>();
  const byStatus = new Map<ChallengeStatus, number>(CHALLENGE_STATUSES.map((status) => [status, 0]));
  const open: SafetyOpenChallenge[] = [];
  let counted = 0;
  let withViolations = 0;

  for (const inspection of inspections.values()) {
    byStatus.set(inspection.challengeStatus, (byStatus.get(inspection.challengeStatus) ?? 0) + 1);
    // An accepted DataQs challenge removes the inspection's violations from the picture.
    if (inspection.challengeStatus === 'ACCEPTED') continue;
    counted++;
    if (inspection.cited.size) withViolations++;
    let driver = drivers.get(inspection.driverId);
    if (!driver) {
      driver = {
        driverId: inspection.driverId,
        driverName: inspection.driverName,
        weights: zeroBasics(),
        total: 0,
        inspections: 0,
        violations: 0,
        oosViolations: 0,
      };
      drivers.set(inspection.driverId, driver);
    }
    driver.inspections++;

    const perBasic = new Map<Basic, Cited[]>();
    for (const cited of inspection.cited.values())
      perBasic.set(cited.basic, [...(perBasic.get(cited.basic) ?? []), cited]);
    let inspectionWeight = 0;
    for (const [basic, cited] of perBasic) {
      const severities = cited.map((c) => c.severity + (c.oos ? OOS_WEIGHT : 0));
      const uncapped = severities.reduce((sum, s) => sum + s, 0);
      const capped = Math.min(INSPECTION_BASIC_CAP, uncapped);
      const weight = capped * inspection.timeWeight;
      const oosCount = cited.filter((c) => c.oos).length;
      const row = basics.get(basic)!;
      row.weight += weight;
      row.inspections++;
      row.violations += cited.length;
      row.oosViolations += oosCount;
      driver.weights[basic] += weight;
      driver.total += weight;
      driver.violations += cited.length;
      driver.oosViolations += oosCount;
      inspectionWeight += weight;
      cited.forEach((c, index) => {
        let code = codes.get(c.violationNumberId);
        if (!code) {
          code = {
            violationNumberId: c.violationNumberId,
            code: c.code,
            description: c.description,
            basic,
            basicName: BASIC_LABELS[basic],
            severity: c.severity,
            count: 0,
            oosCount: 0,
            weight: 0,
            exact: 0,
          };
          codes.set(c.violationNumberId, code);
        }
        code.count++;
        if (c.oos) code.oosCount++;
        // Its share of the capped sum: the codes of a BASIC add up to the BASIC's weight.
        code.exact += (severities[index] * capped * inspection.timeWeight) / uncapped;
      });
    }
    if (inspection.challengeStatus === 'TO_FILE' || inspection.challengeStatus === 'FILED') {
      open.push({
        inspectionReportId: inspection.reportId,
        reportNumber: inspection.reportNumber,
        ticketId: inspection.ticketId,
        inspectedOn: inspection.inspectedOn,
        driverId: inspection.driverId,
        driverName: inspection.driverName,
        status: inspection.challengeStatus,
        statusName: CHALLENGE_STATUS_LABELS[inspection.challengeStatus],
        deadline: inspection.challengeDeadline,
        weight: inspectionWeight,
      });
    }
  }

  const basicRows = BASICS.map((basic) => basics.get(basic)!);
  const window = { from: addDays(safetyWindowStart(asOf), 1), to: asOf };
  const band = (weight: 3 | 2 | 1, fromMonths: number, toMonths: number) => ({
    weight,
    from: addDays(monthsBefore(asOf, fromMonths), 1),
    to: toMonths ? monthsBefore(asOf, toMonths) : asOf,
  });
  return {
    subject,
    asOf,
    window,
    timeWeights: [band(3, 6, 0), band(2, 12, 6), band(1, 24, 12)],
    inspections: counted,
    inspectionsWithViolations: withViolations,
    totalWeight: basicRows.reduce((sum, row) => sum + row.weight, 0),
    basics: basicRows,
    drivers:
      subject.kind === 'carrier'
        ? [...drivers.values()]
            .filter((d) => d.total > 0)
            .sort(
              (a, b) =>
                b.total - a.total ||
                b.violations - a.violations ||
                (a.driverName ?? '\uffff').localeCompare(b.driverName ?? '\uffff') ||
                (a.driverId ?? 0) - (b.driverId ?? 0),
            )
            .slice(0, SAFETY_TOP_DRIVERS)
        : null,
    codes: [...codes.values()]
      .sort((a, b) => b.exact - a.exact || b.count - a.count || a.code.localeCompare(b.code))
      .slice(0, SAFETY_TOP_CODES)
      .map(({ exact, ...code }) => ({ ...code, weight: round2(exact) })),
    challenges: {
      byStatus: CHALLENGE_STATUSES.map((status) => ({
        status,
        name: CHALLENGE_STATUS_LABELS[status],
        count: byStatus.get(status) ?? 0,
      })),
      open: open.sort(
        (a, b) =>
          (a.deadline ?? '9999-12-31').localeCompare(b.deadline ?? '9999-12-31') ||
          a.inspectedOn.localeCompare(b.inspectedOn) ||
          a.inspectionReportId - b.inspectionReportId,
      ),
    },
  };
}

/** The driver or carrier asked about, by name; 404 when there is none (a deleted one still has its history). */
async function subjectOf(db: Db, query: SafetyQuery): Promise<SafetyPicture['subject']> {
  if (query.driverId !== undefined) {
    const driver = await db
      .selectFrom('drivers as d')
      .select(['d.id', driverName('d').as('name')])
      .where('d.id', '=', query.driverId)
      .executeTakeFirst();
    if (!driver) throw notFound('Driver');
    return { kind: 'driver', id: Number(driver.id), name: driver.name ?? '' };
  }
  const carrier = await db
    .selectFrom('carriers')
    .select(['id', 'name'])
    .where('id', '=', query.carrierId!)
    .executeTakeFirst();
  if (!carrier) throw notFound('Carrier');
  return { kind: 'carrier', id: Number(carrier.id), name: carrier.name };
}

/** A driver's or a carrier's safety picture on `asOf` (default today). */
export async function safetyPicture(db: Db, query: SafetyQuery): Promise<SafetyPicture> {
  const asOf = query.asOf ?? todayIso();
  const subject = await subjectOf(db, query);
  const rows = await inspectionRows(db, subject, safetyWindowStart(asOf), asOf);
  return weighInspections(rows, subject, asOf);
}

/**
 * GET /api/Tickets/safety (docs/product/tickets.md): per driver or per carrier, the inspection violations of the last 24
 * months weighted as FMCSA's SMS method does, per BASIC, with the drivers and codes that weigh most and the DataQs
 * challenges by status. Read with the tickets' Read permission (`access` is the tickets' records.access).
 */
export function registerSafetyRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  access: (permission: Permission, read?: boolean) => AccessConfig,
): void {
  app.get<{ Querystring: SafetyQuery }>(
    '/api/Tickets/safety',
    {
      config: access('Read', true),
      schema: {
        tags,
        summary:
          'Safety picture of a driver (driverId) or a carrier (carrierId): SMS-weighted violations of the last 24 months per BASIC — ' +
          'min(30, Σ severity + 2 if out of service) per inspection and BASIC × time weight 3/2/1 (0–6/6–12/12–24 months); accepted DataQs challenges ' +
          'left out — with the top drivers and codes and the challenges by status. asOf (YYYY-MM-DD) defaults to today. Not FMCSA percentiles.',
        querystring: safetyQuery,
      },
    },
    async (request) => ok(await safetyPicture(ctx.db, request.query)),
  );
}
