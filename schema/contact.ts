import { z } from 'zod';
import { email } from './common';

/**
 * The public contact form (/contact, server/modules/contact): a visitor's message to the company's administrators.
 * The same rules check the form as it is typed and the request on the server.
 */

export const CONTACT_LIMITS = { name: 100, subject: 150, message: 5000 } as const;
/** A message shorter than this is a click, not a question. */
export const MESSAGE_MIN = 10;

export const CONTACT_MESSAGES = {
  name: 'Enter your name',
  subject: 'Enter a subject',
  message: `Write your message (${MESSAGE_MIN} characters or more)`,
  tooLong: (field: string, max: number) => `${field} is too long: ${max} characters at most`,
  tooMany: (seconds: number) =>
    `You have sent several messages already. Try again in ${Math.ceil(seconds / 60)} minute(s).`,
  nobody: 'Nobody can receive messages here yet: this installation has no active administrator. Try again later.',
} as const;

/** POST /api/contact. `website` is a field people never see nor fill (a form robot does): such a message is dropped. */
export const contactBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, CONTACT_MESSAGES.name)
    .max(CONTACT_LIMITS.name, CONTACT_MESSAGES.tooLong('The name', CONTACT_LIMITS.name)),
  email,
  subject: z
    .string()
    .trim()
    .min(1, CONTACT_MESSAGES.subject)
    .max(CONTACT_LIMITS.subject, CONTACT_MESSAGES.tooLong('The subject', CONTACT_LIMITS.subject)),
  message: z
    .string()
    .trim()
    .min(MESSAGE_MIN, CONTACT_MESSAGES.message)
    .max(CONTACT_LIMITS.message, CONTACT_MESSAGES.tooLong('The message', CONTACT_LIMITS.message)),
  website: z.string().max(500).optional(),
  googleRecaptchaToken: z.string().max(4000).nullish(),
});
export type ContactBody = z.output<typeof contactBody>;

/** Who runs this installation, as its administrators set it (COMPANY_* variables): on the legal pages and the contact page. */
export interface CompanyDto {
  name: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
}
