import { z } from 'zod';
import {
  CLAIM_PRIORITIES,
  CLAIM_PRIORITY_LABELS,
  CLAIM_STATUSES,
  CLAIM_STATUS_LABELS,
  CLAIM_TYPES,
  CLAIM_TYPE_LABELS,
  type DeadlineState,
} from '../claims';
import { choice, computed, date, fixed, integer, money, reference, rows, text } from '../define/fields';
import { type QueryFilter, defineResource, only } from '../define/resource';
import { todayIso } from '../expiry';

const OF_ITS_ORDER = 'is the order the claim was filed on: delete the claim and file it on the other order';
/** A query-only filter of one of a list's values (the claims list's ClaimStatus, ClaimType, ClaimPriority). */
const oneOf = <const V extends readonly [string, ...string[]]>(
  values: V,
  labels: { readonly [K in V[number]]: string },
  label: string,
): QueryFilter & { __value?: V[number] } => ({
  kind: 'choice',
  label,
  rule: z.enum(values).optional(),
  choices: { values, labels },
});

/**
 * Cargo claims (docs/product/claims.md): a dealer or shipper reports damage to, or the
 * loss of, vehicles of a book order; the claims team works it through the steps of its type (schema/claims.ts) within
 * the law's deadlines, pays the claimant and recovers what it can. The claim number, deadlines, steps, payments and
 * the driver's chargeback are the server's (server/modules/claims): the steps, comments, timeline, chargeback and
 * settlement have routes of their own.
 */
export const claims = defineResource({
  route: '/app/reports/claims-tracker',
  api: '/api/ClaimTracker',
  listApi: '/api/ClaimTracker/get-all-claimtrackers',
  table: 'claims',
  entity: 'claim',
  singular: 'Claim',
  plural: 'Claims',
  access: 'ClaimsTracker',
  period: { field: 'receivedOn', default: 'all' },
  sections: { claim: 'Claim', vehicles: 'Damaged vehicles', money: 'Amounts', details: 'Details' },
  fields: {
    claimNumber: computed<string>({ label: 'Claim number', sort: true }),
    bookOrderId: fixed(reference('bookOrders', { label: 'Order', required: true, filter: true }), OF_ITS_ORDER),
    claimantCompany: text({ label: 'Claimant company', required: true, max: 120, search: true, sort: true }),
    type: choice(CLAIM_TYPES, { label: 'Type', labels: CLAIM_TYPE_LABELS, sort: true }),
    priority: choice(CLAIM_PRIORITIES, {
      label: 'Priority',
      labels: CLAIM_PRIORITY_LABELS,
      colours: { HIGH: 'warning', URGENT: 'error' },
      default: 'MEDIUM',
      sort: true,
    }),
    status: choice(CLAIM_STATUSES, {
      label: 'Status',
      labels: CLAIM_STATUS_LABELS,
      default: 'RECEIVED',
      sort: true,
      colours: {
        RECEIVED: 'info',
        ACKNOWLEDGED: 'info',
        INVESTIGATING: 'warning',
        APPROVED: 'success',
        OFFERED: 'warning',
        DECLINED: 'error',
        SETTLED: 'success',
        CLOSED: 'default',
      },
    }),
    assigneeId: reference('users', { label: 'Assignee', section: 'claim' }),
    driverId: reference('drivers', {
      label: 'Driver',
      filter: true,
      section: 'claim',
      help: 'The order’s driver when left empty',
    }),
    receivedOn: date({ label: 'Received', required: true, sort: true }),
    vehicles: rows(
      {
        bookOrderVehicleId: integer({ label: 'Vehicle of the order', required: true, min: 1 }),
        damage: text({ label: 'Damage', max: 500 }),
      },
      { label: 'Damaged vehicles', table: 'claim_vehicles', parent: 'claim_id', max: 20, section: 'vehicles' },
    ),
    claimed: money({ label: 'Claimed', required: true, sort: true, section: 'money' }),
    approved: money({ label: 'Approved', section: 'money', list: 'hide' }),
    settled: money({ label: 'Settlement agreed', section: 'money', list: 'hide' }),
    recoveredFromInsurance: money({ label: 'Recovered from insurance', section: 'money', list: 'hide' }),
    description: text({
      label: 'Description',
      max: 4000,
      multiline: true,
      search: true,
      list: false,
      section: 'details',
    }),
    orderNumber: computed<string>({ label: 'Order number', list: false }),
    vins: computed<string[]>({ label: 'VINs' }),
    deliveredOn: computed<string>({ label: 'Delivered', list: 'hide' }),
    filingDeadline: computed<string>({ label: 'Filing deadline', list: 'hide' }),
    acknowledgeBy: computed<string>({ label: 'Acknowledge by', list: 'hide' }),
    decideBy: computed<string>({ label: 'Decide by', list: 'hide' }),
    nextDeadline: computed<string | null>({ label: 'Next deadline', list: 'hide' }),
    deadlineState: computed<DeadlineState>({ label: 'Deadline' }),
    overdue: computed<boolean>({ label: 'Overdue', list: false }),
    dueSoon: computed<boolean>({ label: 'Due soon', list: false }),
    stepsDone: computed<number>({ label: 'Steps done' }),
    stepsTotal: computed<number>({ label: 'Steps', list: 'hide' }),
    paid: computed<number>({ label: 'Paid', list: 'hide' }),
    chargedBackToDriver: computed<number>({ label: 'Charged back to driver', list: 'hide' }),
    chargebackEntryId: computed<number | null>({ label: 'Chargeback entry', list: false, csv: false }),
    documentCount: computed<number>({ label: 'Documents', list: 'hide', csv: false }),
  },
  filters: {
    claimStatus: oneOf(CLAIM_STATUSES, CLAIM_STATUS_LABELS, 'Status'),
    claimType: oneOf(CLAIM_TYPES, CLAIM_TYPE_LABELS, 'Type'),
    claimPriority: oneOf(CLAIM_PRIORITIES, CLAIM_PRIORITY_LABELS, 'Priority'),
    claimNumber: { kind: 'text', label: 'Claim number', rule: z.string().trim().max(40).optional() } as QueryFilter & {
      __value?: string;
    },
    assignUserId: only.reference('users', 'Assignee'),
  },
  // Two cars on one claim once: the damage of each is written once.
  rules: (claim, ctx) => {
    const seen = new Set<number>();
    (claim.vehicles ?? []).forEach((vehicle, index) => {
      if (seen.has(vehicle.bookOrderVehicleId))
        ctx.addIssue({
          code: 'custom',
          path: ['vehicles', index, 'bookOrderVehicleId'],
          message: 'This vehicle is already on the claim',
        });
      seen.add(vehicle.bookOrderVehicleId);
    });
    if (claim.receivedOn && claim.receivedOn > todayIso())
      ctx.addIssue({ code: 'custom', path: ['receivedOn'], message: 'A claim is received today or earlier' });
  },
  storage: {
    // The chargeback the claims team decided (POST /{id}/chargeback); the ledger entry follows it.
    chargeback_cents: { type: 'integer', notNull: false },
    chargeback_on: { type: 'text', notNull: false },
  },
  defaultSort: '-receivedOn',
  recordTitle: 'claimNumber',
  searchHint: 'Claim number, order number, claimant, VIN, description',
  loadProblem: 'Claims A problem occurred - contact the administrator',
});
export type ClaimDto = typeof claims.types.dto;
export type ClaimInput = typeof claims.types.input;
