import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { evaluations } from '../../../schema/resources/evaluations';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/types';
import { badRequest, forbidden } from '../../http/errors';
import { equals } from '../records/query';
import type { RecordExtension } from '../records/fromDefinition';
import { reportScope } from '../reports/scope';
import { roleIdOf } from '../users/guards';
import { overallTenths, personName, personNameText } from './scores';

const fullName = (alias: string) =>
  sql<string>`${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}`;

const isAdministrator = async (db: Db, request: FastifyRequest) =>
  request.auth!.roleIds.includes(await roleIdOf(db, 'Administrator'));

/** A dispatcher evaluated is a user who holds the Dispatcher role (as the dispatcher picker lists them). */
async function holdsDispatcher(trx: Db, userId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('user_roles as ur')
    .innerJoin('roles as ro', 'ro.id', 'ur.role_id')
    .select('ur.user_id')
    .where('ur.user_id', '=', userId)
    .where('ro.name', '=', 'Dispatcher')
    .executeTakeFirst();
  return !!row;
}

/**
 * Evaluations (schema/resources/evaluations.ts) on the server: the name evaluated, the overall (the average of the
 * scores, to a tenth, in SQL so the list sorts by it), the evaluator's name; the evaluator is the signed-in user who
 * creates it. Nobody evaluates themselves, and a dispatcher evaluated holds the Dispatcher role. Once entered, only its
 * evaluator or an administrator changes, deletes or restores it (403 for anyone else, even with Update on the
 * feature): an evaluation is its author's judgement, and another manager's disagreement is an evaluation of their own.
 * Who sees which evaluations is the reports' rule (reports/scope.ts): a caller without the company-wide reports sees
 * only the evaluations of the driver linked to their account — the same as the evaluation report shows them.
 */
export function evaluationExtension(ctx: ServerContext): RecordExtension<typeof evaluations> {
  return {
    select: (query) =>
      query
        .leftJoin('users as ev', 'ev.id', 'r.evaluator_id')
        .select([
          personName('r').as('person_name'),
          overallTenths('r').as('overall_tenths'),
          fullName('ev').as('evaluator_name'),
        ]),
    computed: (r) => ({
      subject: r.driver_id ? 'DRIVER' : 'DISPATCHER',
      person: (r.person_name as string | null) ?? '',
      overall: r.overall_tenths === null ? null : Number(r.overall_tenths) / 10,
      evaluatorId: Number(r.evaluator_id),
      evaluatorName: (r.evaluator_name as string | null) ?? '',
    }),
    sorts: { person: [sql`lower(${sql.raw(personNameText('r'))})`], overall: [overallTenths('r')] },
    search: [personNameText('r')],
    filters: { evaluatorId: (id) => (eb) => eb('r.evaluator_id', '=', id) },
    // Set once, from the session: a body's evaluator is not a field, so it is never read.
    columns: (_input, before, request) => (before ? {} : { evaluator_id: request.auth!.user.id }),
    scope: async (request) => {
      const scope = await reportScope(ctx, request);
      return scope ? equals('r.driver_id')(scope.driverId ?? -1) : null;
    },
    beforeWrite: async (trx, { action, input, before, request }) => {
      const me = request.auth!.user.id;
      if (before && before.evaluatorId !== me && !(await isAdministrator(trx, request))) {
        throw forbidden(
          `Only ${before.evaluatorName || 'the evaluator'}, who entered this evaluation, or an administrator can ${action === 'update' ? 'change' : action} it`,
        );
      }
      if (!input) return;
      if (input.dispatcherId) {
        if (input.dispatcherId === me) throw badRequest('You cannot evaluate yourself', 'dispatcherId');
        if (!(await holdsDispatcher(trx, input.dispatcherId)))
          throw badRequest('Choose a dispatcher: a user who holds the Dispatcher role', 'dispatcherId');
      }
      if (input.driverId) {
        const own = await trx
          .selectFrom('drivers')
          .select('id')
          .where('id', '=', input.driverId)
          .where('user_id', '=', me)
          .executeTakeFirst();
        if (own) throw badRequest('You cannot evaluate yourself', 'driverId');
      }
    },
  };
}
