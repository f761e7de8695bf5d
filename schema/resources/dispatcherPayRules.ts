import { choice, computed, date, decimal, money, reference, text } from '../define/fields';
import { defineResource } from '../define/resource';
import type { FeatureKey } from '../features';

/**
 * Dispatcher pay rules (docs/analytics.md#dispatcher-salary): how a dispatcher is paid from an effective day on. A
 * change is a new rule with a later day, so the weeks before keep the rule they were paid under; the salary report
 * (server/modules/reports/dispatcherSalary.ts) applies to each load the rule in effect on its pickup day.
 *
 * - PERCENT_OF_GROSS: the percent of the loads' gross (their price);
 * - PERCENT_OF_CLEAN_GROSS: the percent of their clean gross (price less the broker's fee);
 * - BASE_PLUS_PERCENT: a base per week plus the percent of the clean gross (what the company keeps after the broker,
 *   as the common commission is), the base counted by the days of each week the rule is in effect.
 *
 * Read with the salary report's feature (a dispatcher reads only their own: the server's scope); written with the
 * Users feature (the people's terms: Manager and Administrator).
 */
export const PAY_RULE_KINDS = ['PERCENT_OF_GROSS', 'PERCENT_OF_CLEAN_GROSS', 'BASE_PLUS_PERCENT'] as const;
export type PayRuleKind = (typeof PAY_RULE_KINDS)[number];
export const PAY_RULE_KIND_LABELS: Record<PayRuleKind, string> = {
  PERCENT_OF_GROSS: 'Percent of gross',
  PERCENT_OF_CLEAN_GROSS: 'Percent of clean gross',
  BASE_PLUS_PERCENT: 'Base plus percent of clean gross',
};
/** The kinds whose percent is of the clean gross (else of the gross). */
export const OF_CLEAN_GROSS: readonly PayRuleKind[] = ['PERCENT_OF_CLEAN_GROSS', 'BASE_PLUS_PERCENT'];

/**
 * Who sees every dispatcher's pay and rules (the rest of the salary report's readers see only their own, server side:
 * server/modules/reports/dispatcherSalaryScope.ts): who already reads every dispatcher's figures (the reports
 * dashboard: Manager, DispatchManager) or pays the company's bills (the bank: Banking); Administrators hold both.
 */
export const EVERY_DISPATCHERS_PAY: readonly FeatureKey[] = ['ReportsDashboard', 'MatchTransactions'];

export const dispatcherPayRules = defineResource({
  route: '/app/management/dispatcher-pay-rules',
  api: '/api/DispatcherPayRules',
  table: 'dispatcher_pay_rules',
  entity: 'dispatcher_pay_rule',
  singular: 'Dispatcher pay rule',
  plural: 'Dispatcher pay rules',
  access: { read: ['DispatcherSalary'], write: ['Users'] },
  fields: {
    dispatcherId: reference('dispatchers', { label: 'Dispatcher', required: true, filter: true, sort: true }),
    effectiveFrom: date({
      label: 'Effective from',
      required: true,
      sort: true,
      unique: {
        scope: ['dispatcherId'],
        message: (day) => `This dispatcher already has a rule effective from ${String(day)}`,
      },
      help: 'The first pickup day it applies to; the rule before it applies to the days before.',
    }),
    kind: choice(PAY_RULE_KINDS, { label: 'Kind', labels: PAY_RULE_KIND_LABELS, filter: true }),
    // A percent from 0 to 100 with at most two decimals (stored as hundredths of a percent).
    percent: decimal({ label: 'Percent', required: true, scale: 2, min: 0, max: 100 }),
    base: money({
      label: 'Base per week',
      help: 'Only with a base plus percent: paid for each week the rule is in effect.',
    }),
    notes: text({ label: 'Notes', max: 1000, multiline: true, list: false }),
    // "Dana Reyes from 09/01/2026": what names a rule (the edit screen's title).
    title: computed<string>({ label: 'Rule', list: false, csv: false }),
  },
  rules: (rule, ctx) => {
    const hasBase = rule.base !== null && rule.base !== undefined;
    if (rule.kind === 'BASE_PLUS_PERCENT' && (!hasBase || rule.base === 0))
      ctx.addIssue({ code: 'custom', path: ['base'], message: 'Enter the base per week' });
    if (rule.kind !== 'BASE_PLUS_PERCENT' && hasBase && rule.base !== 0)
      ctx.addIssue({ code: 'custom', path: ['base'], message: 'Only a base plus percent rule has a base' });
  },
  // A percent-only rule keeps no base (a 0 sent by a form is no base).
  transform: (rule) => (rule.kind === 'BASE_PLUS_PERCENT' ? rule : { ...rule, base: null }),
  formDefaults: { kind: 'PERCENT_OF_CLEAN_GROSS' },
  defaultSort: '-effectiveFrom',
  recordTitle: 'title',
});
export type DispatcherPayRuleDto = typeof dispatcherPayRules.types.dto;
