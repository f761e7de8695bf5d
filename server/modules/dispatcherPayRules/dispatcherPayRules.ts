import { usDate } from '../../../schema/format';
import type { dispatcherPayRules } from '../../../schema/resources/dispatcherPayRules';
import type { ServerContext } from '../../context';
import type { RecordExtension } from '../records/fromDefinition';
import { equals, fullName } from '../records/query';
import { salaryScope } from '../reports/dispatcherSalaryScope';

/**
 * The pay rules' server part: each rule's title ("Dana Reyes from 09/01/2026"), and who reads which rules — a rule is
 * as private as the pay it makes, so the readers are the salary report's, with its scope (reports/dispatcherSalaryScope.ts):
 * every rule for those who see every dispatcher's pay, a dispatcher their own, a driver none.
 */
export function dispatcherPayRuleExtension(ctx: ServerContext): RecordExtension<typeof dispatcherPayRules> {
  return {
    select: (query) =>
      query
        .leftJoin('users as pay_dispatcher', 'pay_dispatcher.id', 'r.dispatcher_id')
        .select(fullName('pay_dispatcher').as('ruleDispatcherName')),
    computed: (row) => ({
      title: `${String(row.ruleDispatcherName ?? `#${String(row.dispatcher_id)}`)} from ${usDate(String(row.effective_from))}`,
    }),
    scope: async (request) => {
      const scope = await salaryScope(ctx, request);
      if (!scope) return null;
      // A driver is nobody's dispatcher: no rule is theirs.
      return equals('r.dispatcher_id')('dispatcherId' in scope ? scope.dispatcherId : -1);
    },
  };
}
