import type { FastifyInstance } from 'fastify';
import { CONTACT_MESSAGES, type ContactBody, contactBody } from '../../../schema/contact';
import { type ServerContext, ok } from '../../context';
import { ApiError } from '../../http/errors';
import { audit } from '../audit/audit';
import { type HitLimit, takeHitsIn } from '../auth/hits';
import { checkRecaptcha } from '../auth/recaptcha';
import { companyFromEnv } from './company';
import { mailerOf } from '../mail/mailer';
import { activeAdministrators } from '../notifications/events';
import { deliverToAdministrators } from './deliver';
import { transact } from '../../db/transaction';

const HOUR_MS = 60 * 60_000;
/** Messages from one e-mail address, and from one client address, an hour. */
export const MESSAGES_PER_SENDER: HitLimit = { kind: 'contact:sender', count: 3, windowMs: HOUR_MS };
export const MESSAGES_PER_ADDRESS: HitLimit = { kind: 'contact:address', count: 10, windowMs: HOUR_MS };

const TAGS = ['Contact'];
const PUBLIC = { access: { public: true } } as const;

/**
 * The public site's contact form (docs/product/administration.md): a visitor's message lands in the in-app mailbox of
 * every active administrator (and goes to them by SMTP when configured), and nowhere else. Checked by the configured
 * reCAPTCHA, a field only robots fill, and a throttle per sender and per client address. The company's name and contact
 * for the public pages come from COMPANY_*.
 */
export default async function contactRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db, config } = ctx;
  const company = companyFromEnv();
  const mailer = mailerOf(ctx);

  app.get(
    '/api/contact/company',
    {
      config: PUBLIC,
      schema: {
        tags: TAGS,
        summary:
          'Who runs this installation (COMPANY_NAME, COMPANY_EMAIL, COMPANY_PHONE, COMPANY_ADDRESS; null when not set)',
      },
    },
    async () => ok(company),
  );

  app.post<{ Body: ContactBody }>(
    '/api/contact',
    {
      config: PUBLIC,
      schema: {
        tags: TAGS,
        summary:
          'Send a message to the administrators (their in-app mailbox, and by e-mail when SMTP_URL is set). At most 3 an hour per sender and 10 per client address; reCAPTCHA when RECAPTCHA_SECRET is set',
        body: contactBody,
      },
    },
    async (request, reply) => {
      const body = request.body;
      await checkRecaptcha(config.recaptchaSecret, config.recaptchaVerifyUrl, body.googleRecaptchaToken);
      const outbox = mailer.outbox();
      await transact(db, async (trx) => {
        const wait = await takeHitsIn(trx, [
          { limit: MESSAGES_PER_SENDER, key: body.email },
          { limit: MESSAGES_PER_ADDRESS, key: request.ip },
        ]);
        if (wait > 0) {
          reply.header('Retry-After', String(wait));
          throw new ApiError(429, CONTACT_MESSAGES.tooMany(wait), 'throttled');
        }
        // A robot filled the field people never see: it is answered as anyone else, and its message dropped.
        if (body.website) {
          request.log.info('contact form: a message with the hidden field filled was dropped');
          return;
        }
        const administrators = await activeAdministrators(trx);
        if (!administrators.length) throw new ApiError(503, CONTACT_MESSAGES.nobody, 'unavailable');
        await deliverToAdministrators(trx, outbox, administrators, body);
        await audit(trx, request, {
          action: 'contact',
          entity: 'mail',
          after: { administrators: administrators.length },
        });
      });
      return ok({ sent: true });
    },
  );
}
