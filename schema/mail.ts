import { z } from 'zod';
import { idValue, textInteger } from './common';

/**
 * The in-app mailbox (docs/product/accounts.md#mailbox; server/modules/mail): the messages the system sent a user, each
 * the owner's alone, with the system labels and the user's own labels (/app/mail/{systemLabel}, /app/mail/label/{id}).
 */
export const SYSTEM_LABELS = ['all', 'unread', 'starred', 'trash'] as const;
export type SystemLabel = (typeof SYSTEM_LABELS)[number];
export const SYSTEM_LABEL_NAMES: Record<SystemLabel, string> = {
  all: 'All mail',
  unread: 'Unread',
  starred: 'Starred',
  trash: 'Trash',
};

/** What a message is about (the templates of server/modules/mail/templates.ts). */
export const MAIL_KINDS = [
  'verification',
  'passwordReset',
  'emailChange',
  'emailChangeRequested',
  'emailChanged',
  'passwordChanged',
  'registrationAwaiting',
  'contact',
  'billOfLading',
  'invoice',
  'tracking',
  'webhookPaused',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** Custom labels one user may keep. */
export const MAX_MAIL_LABELS = 50;

export const MAIL_MESSAGES = {
  labelTaken: (name: string) => `A label named "${name}" already exists`,
  tooManyLabels: `A mailbox keeps at most ${MAX_MAIL_LABELS} labels; delete one first`,
  unknownLabels: 'Choose labels of your own mailbox',
  nothingToChange: 'Send read, starred, trashed or labelIds',
} as const;

/** GET /api/mail/mails: a system label or a custom label's id; newest first. */
export const mailListQuery = z.object({
  label: z
    .string()
    .trim()
    .regex(/^(all|unread|starred|trash|\d{1,10})$/, `Use ${SYSTEM_LABELS.join(', ')} or the id of one of your labels`)
    .default('all'),
  search: z.string().trim().max(200).optional(),
  page: textInteger(0, 10_000_000).default(0),
  size: textInteger(1, 100).default(20),
});
export type MailListQuery = z.output<typeof mailListQuery>;

/** PUT /api/mail/mails/{id}: any of these; labelIds replaces the message's labels. */
export const mailChangeBody = z
  .object({
    read: z.boolean().optional(),
    starred: z.boolean().optional(),
    trashed: z.boolean().optional(),
    labelIds: z.array(idValue).max(MAX_MAIL_LABELS).optional(),
  })
  .refine(
    (b) => b.read !== undefined || b.starred !== undefined || b.trashed !== undefined || b.labelIds !== undefined,
    MAIL_MESSAGES.nothingToChange,
  );
export type MailChangeBody = z.output<typeof mailChangeBody>;

/** POST /api/mail/labels and PUT /api/mail/labels/{id} */
export const mailLabelBody = z.object({
  name: z.string().trim().min(1, 'Name the label').max(40),
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'A colour as #rrggbb'),
});
export type MailLabelBody = z.output<typeof mailLabelBody>;

export interface MailSummaryDto {
  id: number;
  from: string;
  to: string;
  subject: string;
  preview: string;
  kind: string;
  createdAt: string;
  readAt: string | null;
  starred: boolean;
  trashed: boolean;
  labelIds: number[];
}
export interface MailDto extends MailSummaryDto {
  text: string;
  html: string;
}
export interface MailLabelDto {
  id: number;
  name: string;
  color: string;
  count: number;
}
export interface MailLabelsDto {
  system: { id: SystemLabel; name: string; count: number }[];
  custom: MailLabelDto[];
}
