import type { FastifyRequest } from 'fastify';

/** Who writes: the request (for the audit's address) and the user, or the seed (no request). */
export interface Who {
  request: FastifyRequest | null;
  userId: number | null;
}
export const whoOf = (request: FastifyRequest): Who => ({ request, userId: request.auth?.user.id ?? null });
