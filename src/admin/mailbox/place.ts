import { SYSTEM_LABELS, type SystemLabel } from '../../../schema/mail';

/**
 * Where in the mailbox the address is: /app/received-emails[/{mailId}] (every message, no labels shown),
 * /app/mail/{systemLabel}[/{mailId}] and /app/mail/label/{customLabel}[/{mailId}] (docs/product/accounts.md#mailbox).
 */
export interface MailboxPlace {
  variant: 'received' | 'mail';
  /** The label the list shows, as the API takes it: a system label or a custom label's id. */
  label: string;
  /** The list's own address; a message's is this and its id. */
  listPath: string;
  selected: number | null;
}

export const RECEIVED_PATH = '/app/received-emails';

export const labelPath = (label: string) =>
  SYSTEM_LABELS.includes(label as SystemLabel) ? `/app/mail/${label}` : `/app/mail/label/${label}`;

const mailId = (text: string | undefined) => (text && /^\d{1,10}$/.test(text) ? Number(text) : null);

/** The place the route's parameters name, or null when they name none (an unknown system label, a mangled id). */
export function placeOf(
  variant: MailboxPlace['variant'],
  params: { systemLabel?: string; customLabel?: string; mailId?: string },
): MailboxPlace | null {
  const selected = mailId(params.mailId);
  if (params.mailId !== undefined && selected === null) return null;
  if (variant === 'received') return { variant, label: 'all', listPath: RECEIVED_PATH, selected };
  const label = params.customLabel ?? params.systemLabel ?? 'all';
  if (params.customLabel !== undefined ? !/^\d{1,10}$/.test(label) : !SYSTEM_LABELS.includes(label as SystemLabel))
    return null;
  return { variant, label, listPath: labelPath(label), selected };
}
