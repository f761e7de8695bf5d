import { Readable } from 'node:stream';
import { type Attachment, type ParsedMail, simpleParser } from 'mailparser';
import { SHEET_MAX_BYTES } from '../../../schema/dispatchSheets';
import { DISPATCH_SHEETS_ROUTE } from '../../../schema/orderDrafts';
import type { ServerContext } from '../../context';
import { transact } from '../../db/transaction';
import type { Db } from '../../db/types';
import { ApiError } from '../../http/errors';
import { receiveFile } from '../documents/store';
import { addressText } from '../mail/mailer';
import { preparedDraft } from './intake';
import { type NewDraft, insertDraft } from './store';

/**
 * What a message mailed to the company's address becomes (docs/deployment.md#mail-in): each PDF attached is read
 * into an open draft, and the message, with a note of the drafts made and the attachments not read and why, lands in
 * the mailbox of every active user who may create drafts. The drafts and the mailbox copies are written in one
 * transaction: a message whose writing fails leaves nothing, and the listener answers 451 so that the sending server
 * tries again later.
 */

/** The mailbox kind of a received message (not one of schema/mail.ts MAIL_KINDS: those are the server's own templates). */
export const MAIL_IN_KIND = 'mailIn';
/** Sender text kept in a mailbox copy, at most (a long thread quoted below is cut). */
const TEXT_KEPT = 50_000;
/** HTML longer than this is not turned into text (the conversion's time grows with it). */
const HTML_TO_TEXT_MAX = 2_000_000;

export interface Received {
  /** The sender's address (the From header's, else the envelope's), for the draft's mail_from. */
  from: string;
  /** The From as the mailbox shows it: "Name <address>". */
  fromText: string;
  subject: string;
  text: string;
  attachments: Attachment[];
}

/** The message as the listener took it (raw RFC 5322 bytes) and the envelope's sender. */
export async function parseMessage(raw: Buffer, envelopeFrom: string): Promise<Received> {
  const mail: ParsedMail = await simpleParser(raw, {
    maxHtmlLengthToParse: HTML_TO_TEXT_MAX,
    skipTextToHtml: true,
    skipImageLinks: true,
  });
  const sender = mail.from?.value.find((address) => address.address);
  const from = (sender?.address ?? envelopeFrom).toLowerCase();
  return {
    from,
    fromText: from ? addressText({ name: sender?.name ?? '', address: from }) : '(no sender)',
    subject: mail.subject?.trim() || '(no subject)',
    // Only the text: the sender's HTML is never kept, so it can never be shown as markup (mailparser turns an
    // HTML-only message into text).
    text: mail.text ?? '',
    // Pictures embedded in the HTML (a signature's logo) are not attachments anyone sent as a file.
    attachments: mail.attachments.filter((attachment) => !attachment.related),
  };
}

/** Whether `address` is at one of `domains` or below one (broker.example covers mail.broker.example). */
export function senderAllowed(address: string, domains: readonly string[]): boolean {
  if (!domains.length) return true;
  const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  return domains.some((allowed) => domain === allowed || domain.endsWith(`.${allowed}`));
}

type Outcome = { fileName: string; draft: NewDraft } | { fileName: string; refused: string };

/**
 * One attachment read into a draft ready to insert, or why it was not (not a PDF, too large, or what the reader said:
 * encrypted, damaged, no text). Any other error (the object store down) is thrown: the message is then not taken.
 */
async function outcomeOf(ctx: ServerContext, attachment: Attachment, mail: Received): Promise<Outcome> {
  const fileName = attachment.filename?.trim() || 'attachment';
  try {
    const file = await receiveFile(Readable.from([attachment.content]), {
      maxBytes: SHEET_MAX_BYTES,
      accept: ['application/pdf'],
    });
    return {
      fileName,
      draft: await preparedDraft(ctx, file, {
        fileName,
        source: 'EMAIL',
        createdBy: null,
        mailFrom: mail.from || null,
        mailSubject: mail.subject,
      }),
    };
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 415)
      return { fileName, refused: 'not a PDF file (only PDF dispatch sheets are read)' };
    if (error instanceof ApiError && error.statusCode === 413)
      return { fileName, refused: `larger than ${SHEET_MAX_BYTES / 1_000_000} MB, the most a dispatch sheet may be` };
    if (error instanceof ApiError && error.statusCode === 400) return { fileName, refused: error.message };
    throw error;
  }
}

/** The note above the sender's words: the drafts made (with their links) and the attachments not read and why. */
export function noteOf(
  publicUrl: string,
  made: { fileName: string; id: number }[],
  refused: { fileName: string; refused: string }[],
): string {
  const lines: string[] = [];
  if (made.length) {
    lines.push('Draft orders made from this message, to review and book:');
    for (const { fileName, id } of made)
      lines.push(`• ${fileName} → draft ${id}: ${publicUrl}${DISPATCH_SHEETS_ROUTE}/${id}`);
  }
  if (refused.length) {
    if (made.length) lines.push('');
    lines.push('Attachments not read, so no draft was made of them:');
    for (const { fileName, refused: why } of refused) lines.push(`• ${fileName}: ${why}`);
    lines.push(`Ask the sender for a copy that can be read, or upload one: ${publicUrl}${DISPATCH_SHEETS_ROUTE}`);
  }
  if (!made.length && !refused.length) lines.push('No attachment: no draft was made.');
  return lines.join('\n');
}

/**
 * The roles that give Create on Dispatch Sheets, from the cached matrix. Asked before the transaction: on SQLite the
 * catalogue's own read would wait for the one connection the transaction holds.
 */
async function creatingRoles(ctx: ServerContext): Promise<number[]> {
  const roles = await ctx.db.selectFrom('roles').select('id').execute();
  const allowed: number[] = [];
  for (const { id } of roles)
    if (await ctx.permissions.allows([Number(id)], ['DispatchSheets'], 'Create')) allowed.push(Number(id));
  return allowed;
}

/** The users a received message goes to: active, and holding one of `roleIds`. */
async function recipients(trx: Db, roleIds: number[]): Promise<number[]> {
  if (!roleIds.length) return [];
  const rows = await trx
    .selectFrom('users as u')
    .select('u.id')
    .where('u.deleted_at', 'is', null)
    .where('u.is_active', '=', 1)
    .where('u.is_email_verified', '=', 1)
    .where('u.registration_completed', '=', 1)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_roles as ur')
          .select('ur.user_id')
          .whereRef('ur.user_id', '=', 'u.id')
          .where('ur.role_id', 'in', roleIds),
      ),
    )
    .orderBy('u.id')
    .execute();
  return rows.map((row) => Number(row.id));
}

export interface Taken {
  drafts: { fileName: string; id: number }[];
  refused: { fileName: string; refused: string }[];
  mailboxes: number;
}

/** Reads the message's sheets, then writes its drafts and mailbox copies together. */
export async function takeMessage(ctx: ServerContext, mail: Received, to: string): Promise<Taken> {
  const outcomes: Outcome[] = [];
  // One at a time: reading a sheet is the costly part, and the server has other work.
  for (const attachment of mail.attachments) outcomes.push(await outcomeOf(ctx, attachment, mail));
  const refused = outcomes.filter((o): o is Extract<Outcome, { refused: string }> => 'refused' in o);
  const ready = outcomes.filter((o): o is Extract<Outcome, { draft: NewDraft }> => 'draft' in o);
  const roleIds = await creatingRoles(ctx);
  return transact(ctx.db, async (trx) => {
    const drafts: Taken['drafts'] = [];
    for (const { fileName, draft } of ready) drafts.push({ fileName, id: await insertDraft(trx, draft) });
    const note = noteOf(ctx.config.publicUrl, drafts, refused);
    const text = mail.text.length > TEXT_KEPT ? `${mail.text.slice(0, TEXT_KEPT)}\n[… the rest was cut]` : mail.text;
    const users = await recipients(trx, roleIds);
    const now = new Date().toISOString();
    if (users.length)
      await trx
        .insertInto('mail_messages')
        .values(
          users.map((userId) => ({
            user_id: userId,
            kind: MAIL_IN_KIND,
            from_address: mail.fromText,
            to_address: to,
            subject: mail.subject,
            text_body: `${note}\n\n———\n\n${text}`.trimEnd() + '\n',
            html_body: '',
            created_at: now,
            read_at: null,
            trashed_at: null,
          })),
        )
        .execute();
    return { drafts, refused, mailboxes: users.length };
  });
}
