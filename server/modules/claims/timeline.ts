import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { claimCommentBody } from '../../../schema/claimActions';
import { idParams } from '../../../schema/common';
import { ok, type ServerContext } from '../../context';
import { conflict } from '../../http/errors';
import { fullName } from '../records/query';
import type { ClaimRecords } from './steps';

const tags = ['Claims'];
const commentBody = claimCommentBody;

/**
 * A claim's comments and its timeline (docs/product/claims.md): everything that happened to it — created, status
 * changes, steps done and undone, chargebacks, payments (claim_events), comments, and documents added or removed —
 * newest first, each with who and when.
 */
export function registerTimelineRoutes(app: FastifyInstance, ctx: ServerContext, records: ClaimRecords): void {
  const { db } = ctx;
  const commentsOf = async (claimId: number) =>
    (
      await db
        .selectFrom('claim_comments as c')
        .leftJoin('users as u', 'u.id', 'c.author_id')
        .select(['c.id', 'c.body', 'c.created_at', 'c.author_id', fullName('u').as('author_name')])
        .where('c.claim_id', '=', claimId)
        .orderBy('c.created_at')
        .orderBy('c.id')
        .execute()
    ).map((c) => ({
      id: c.id,
      body: c.body,
      createdAt: c.created_at,
      authorId: c.author_id,
      authorName: c.author_name,
    }));

  app.get<{ Params: { id: number } }>(
    '/api/ClaimTracker/:id/comments',
    {
      config: records.access('Read', true),
      schema: {
        tags,
        params: idParams,
        summary: 'The comments of a claim, oldest first: id, body, createdAt, authorId, authorName',
      },
    },
    async (request) => {
      await records.mustLoad(db, request.params.id);
      return ok(await commentsOf(request.params.id));
    },
  );

  app.post<{ Params: { id: number }; Body: z.infer<typeof commentBody> }>(
    '/api/ClaimTracker/:id/comments',
    {
      config: records.access('Update'),
      schema: {
        tags,
        params: idParams,
        body: commentBody,
        summary:
          'Add a comment to a claim (the signed-in user is its author); answers the comment. A deleted claim takes none (409).',
      },
    },
    async (request) => {
      const claim = await records.mustLoad(db, request.params.id);
      if (claim.deleted) throw conflict('The claim is deleted: restore it to comment on it');
      const { id } = await db
        .insertInto('claim_comments')
        .values({
          claim_id: claim.id,
          author_id: request.auth?.user.id ?? null,
          body: request.body.body,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return ok((await commentsOf(claim.id)).find((c) => c.id === id)!);
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/ClaimTracker/:id/timeline',
    {
      config: records.access('Read', true),
      schema: {
        tags,
        params: idParams,
        summary:
          'Everything that happened to a claim, newest first: [{ at, kind (CREATED, STATUS, STEP_DONE, STEP_UNDONE, CHARGEBACK, SETTLEMENT, COMMENT, DOCUMENT_ADDED, DOCUMENT_REMOVED, DELETED, RESTORED), text, actorId, actorName }]',
      },
    },
    async (request) => {
      const claimId = request.params.id;
      await records.mustLoad(db, claimId);
      const events = await db
        .selectFrom('claim_events as e')
        .leftJoin('users as u', 'u.id', 'e.actor_id')
        .select(['e.id', 'e.at', 'e.kind', 'e.detail', 'e.actor_id', fullName('u').as('actor_name')])
        .where('e.claim_id', '=', claimId)
        .execute();
      const documents = await db
        .selectFrom('documents as d')
        .leftJoin('users as u', 'u.id', 'd.created_by')
        .leftJoin('users as x', 'x.id', 'd.deleted_by')
        .select([
          'd.id',
          'd.file_name',
          'd.created_at',
          'd.created_by',
          fullName('u').as('added_by'),
          'd.deleted_at',
          'd.deleted_by',
          fullName('x').as('removed_by'),
        ])
        .where('d.owner_type', '=', 'claim')
        .where('d.owner_id', '=', claimId)
        .execute();
      const items = [
        ...events.map((e) => ({
          at: e.at,
          kind: e.kind,
          text: e.detail,
          actorId: e.actor_id,
          actorName: e.actor_name,
          order: e.id,
        })),
        ...(await commentsOf(claimId)).map((c) => ({
          at: c.createdAt,
          kind: 'COMMENT',
          text: c.body,
          actorId: c.authorId,
          actorName: c.authorName,
          order: c.id,
        })),
        ...documents.flatMap((d) => [
          {
            at: d.created_at,
            kind: 'DOCUMENT_ADDED',
            text: `Document ${d.file_name} added`,
            actorId: d.created_by,
            actorName: d.added_by,
            order: d.id,
          },
          ...(d.deleted_at
            ? [
                {
                  at: d.deleted_at,
                  kind: 'DOCUMENT_REMOVED',
                  text: `Document ${d.file_name} removed`,
                  actorId: d.deleted_by,
                  actorName: d.removed_by,
                  order: d.id,
                },
              ]
            : []),
        ]),
      ];
      // Newest first; events of the same instant in the order they were written, latest first.
      items.sort((a, b) => (a.at === b.at ? b.order - a.order : a.at < b.at ? 1 : -1));
      return ok(items.map(({ order: _order, ...item }) => item));
    },
  );
}
