import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  AVATAR_SIZE,
  AVATAR_TYPES,
  type AvatarType,
  MAX_AVATAR_BYTES,
} from '../../../schema/account';
import { idText } from '../../../schema/common';
import { type ServerContext, ok } from '../../context';
import { notFound, unsupportedMediaType } from '../../http/errors';
import { audit } from '../audit/audit';
import { avatarPicture } from './picture';
import { TAGS, currentUserOf, userTouched } from './user';
import { transact } from '../../db/transaction';

const avatarParams = z.object({ userId: idText });
const avatarQuery = z.object({ v: z.string().trim().max(64) });

/** What users.avatar holds: the URL of the picture, with a key that changes with every upload (so it is cached for good). */
const avatarUrl = (userId: number, key: string) => `/api/account/avatar/${userId}?v=${key}`;

/** The key compared in constant time: it is what keeps the picture to those shown the user. */
function sameKey(stored: string, given: string): boolean {
  const [a, b] = [Buffer.from(stored), Buffer.from(given)];
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * The signed-in user's picture: the request body is the image itself (PNG, JPEG or WebP, at most MAX_AVATAR_BYTES,
 * 413 beyond), checked by its bytes and redrawn by the server (./picture.ts). It is served from the URL users.avatar
 * holds, to anyone who has that URL: an <img> sends no token, and the URL's random key is known only to those shown
 * the user (the key changes with each upload, so an old URL stops working).
 */
export async function avatarRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;
  // This plugin's routes alone take image bodies, whole (they are small), up to the limit.
  app.addContentTypeParser(
    [...AVATAR_TYPES],
    { parseAs: 'buffer', bodyLimit: MAX_AVATAR_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.put(
    '/api/account/avatar',
    {
      // What it takes and how much (server/http/bodies.ts): another type is 415 naming the image types, a larger body
      // 413 before it is read when its size is declared, else as soon as it passes the limit, with the connection closed.
      config: { access: { signedIn: true }, accepts: AVATAR_TYPES, tooLarge: ACCOUNT_MESSAGES.avatarTooLarge },
      bodyLimit: MAX_AVATAR_BYTES,
      schema: {
        tags: TAGS,
        summary: `Set your picture: the body is the image (${AVATAR_TYPES.join(', ')}, at most ${MAX_AVATAR_BYTES / 1024 / 1024} MB; 413 beyond, 400 when the bytes are not that image), kept at most ${AVATAR_SIZE}×${AVATAR_SIZE}`,
      },
    },
    async (request) => {
      const me = request.auth!.user;
      const declared = String(request.headers['content-type'] ?? '')
        .split(';')[0]
        .trim()
        .toLowerCase() as AvatarType;
      if (!Buffer.isBuffer(request.body) || !AVATAR_TYPES.includes(declared)) throw unsupportedMediaType(request);
      const picture = await avatarPicture(request.body, declared);
      // 144 bits: long enough that the request log masks it as a credential (server/http/logging.ts).
      const key = crypto.randomBytes(18).toString('base64url');
      const updatedAt = new Date().toISOString();
      await transact(db, async (trx) => {
        const row = {
          content_type: picture.contentType,
          content: picture.bytes,
          width: picture.width,
          height: picture.height,
          key,
          updated_at: updatedAt,
        };
        await trx
          .insertInto('user_avatars')
          .values({ user_id: me.id, ...row })
          .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
          .execute();
        await trx
          .updateTable('users')
          .set({ avatar: avatarUrl(me.id, key), ...userTouched() })
          .where('id', '=', me.id)
          .execute();
        await audit(trx, request, {
          action: 'update-avatar',
          entity: 'user',
          entityId: me.id,
          after: { width: picture.width, height: picture.height, bytes: picture.bytes.length },
        });
      });
      return ok(await currentUserOf(db, me.id));
    },
  );

  app.delete(
    '/api/account/avatar',
    {
      config: { access: { signedIn: true } },
      schema: { tags: TAGS, summary: 'Remove your picture: the user as /api/token/me answers it' },
    },
    async (request) => {
      const me = request.auth!.user;
      await transact(db, async (trx) => {
        const removed = await trx
          .deleteFrom('user_avatars')
          .where('user_id', '=', me.id)
          .returning('user_id')
          .execute();
        if (!removed.length) return;
        await trx
          .updateTable('users')
          .set({ avatar: null, ...userTouched() })
          .where('id', '=', me.id)
          .execute();
        await audit(trx, request, { action: 'delete-avatar', entity: 'user', entityId: me.id });
      });
      return ok(await currentUserOf(db, me.id));
    },
  );

  app.get<{ Params: z.output<typeof avatarParams>; Querystring: z.output<typeof avatarQuery> }>(
    '/api/account/avatar/:userId',
    {
      config: { access: { public: true } },
      schema: {
        tags: TAGS,
        summary: 'A user’s picture, from the URL in user.avatar (the image itself)',
        params: avatarParams,
        querystring: avatarQuery,
      },
    },
    async (request, reply) => {
      const row = await db
        .selectFrom('user_avatars')
        .select(['content_type', 'content', 'key'])
        .where('user_id', '=', request.params.userId)
        .executeTakeFirst();
      if (!row || !sameKey(row.key, request.query.v)) throw notFound('Picture');
      const bytes = Buffer.isBuffer(row.content) ? row.content : Buffer.from(row.content);
      return reply
        .type(row.content_type)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-length', bytes.length)
        .send(bytes);
    },
  );
}
