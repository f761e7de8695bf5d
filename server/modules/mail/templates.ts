import type { MailKind } from '../../../schema/mail';

/** A message as sent: its subject and the same words as plain text and as HTML. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** What each kind of message says, with what it needs to say it. */
export type MailTemplate =
  | { kind: 'verification'; name: string; link: string; hours: number }
  | { kind: 'passwordReset'; name: string; link: string; hours: number }
  | { kind: 'emailChange'; name: string; link: string; hours: number; newEmail: string }
  | { kind: 'emailChangeRequested'; name: string; newEmail: string }
  | { kind: 'emailChanged'; name: string; newEmail: string }
  | { kind: 'passwordChanged'; name: string }
  | { kind: 'registrationAwaiting'; name: string; newcomer: string; email: string; link: string }
  | { kind: 'contact'; name: string; sender: string; senderEmail: string; subject: string; message: string }
  | {
      kind: 'billOfLading';
      name: string;
      company: string;
      orderNumber: string;
      /** 'Pickup' or 'Delivery'. */
      stage: string;
      /** "2 vehicles". */
      vehicles: string;
      link: string;
      /** The link's last day as US staff write it (12/09/2026). */
      expiresOn: string;
      hash: string;
    }
  | {
      kind: 'invoice';
      name: string;
      company: string;
      /** "INV-1042". */
      number: string;
      /** "$1,234.56". */
      amount: string;
      /** The due day as US staff write it (12/09/2026), and the terms ("Net 30"). */
      dueOn: string;
      terms: string;
      orders: string;
      /** Whether bills of lading are attached after the invoice. */
      withBol: boolean;
      /** An assigned invoice: the factor and its remit-to address, to be paid instead of the company. */
      payTo?: string;
    };

/** One message's parts, written once and laid out both ways below. */
interface Layout {
  subject: string;
  paragraphs: string[];
  action?: { label: string; link: string };
  /** Someone else's words, kept as typed (line breaks and all). */
  quote?: string;
  after?: string[];
}

const hoursText = (hours: number) => (hours === 1 ? 'an hour' : `${hours} hours`);
const NOT_YOU = 'If this was not you, change your password now and tell an administrator.';

function layoutOf(template: MailTemplate): Layout {
  const hello = `Hello ${template.name},`;
  switch (template.kind) {
    case 'verification':
      return {
        subject: 'Verify your e-mail address for Haulboard',
        paragraphs: [
          hello,
          'Welcome to Haulboard. Confirm that this address is yours to go on with your registration.',
        ],
        action: { label: 'Verify my e-mail address', link: template.link },
        after: [`The link works once, for ${hoursText(template.hours)}. If you did not register, ignore this message.`],
      };
    case 'passwordReset':
      return {
        subject: 'Reset your Haulboard password',
        paragraphs: [hello, 'Someone, hopefully you, asked to reset the password of your Haulboard account.'],
        action: { label: 'Choose a new password', link: template.link },
        after: [
          `The link works once, for ${hoursText(template.hours)}. If you did not ask, ignore this message: your password stays as it is.`,
        ],
      };
    case 'emailChange':
      return {
        subject: 'Confirm your new e-mail address for Haulboard',
        paragraphs: [
          hello,
          `Confirm that ${template.newEmail} is yours: your Haulboard account will then use it to sign in.`,
        ],
        action: { label: 'Confirm my new address', link: template.link },
        after: [
          `The link works once, for ${hoursText(template.hours)}. If you did not ask for this, ignore this message.`,
        ],
      };
    case 'emailChangeRequested':
      return {
        subject: 'A change of your Haulboard e-mail address was asked for',
        paragraphs: [
          hello,
          `Someone signed in to your Haulboard account asked to change its e-mail address to ${template.newEmail}. Nothing changes until the new address is confirmed.`,
          NOT_YOU,
        ],
      };
    case 'emailChanged':
      return {
        subject: 'Your Haulboard e-mail address was changed',
        paragraphs: [
          hello,
          `Your Haulboard account now signs in with ${template.newEmail}; this address is no longer used for it.`,
          NOT_YOU,
        ],
      };
    case 'passwordChanged':
      return {
        subject: 'Your Haulboard password was changed',
        paragraphs: [
          hello,
          'The password of your Haulboard account was just changed, and its other sessions were signed out.',
          NOT_YOU,
        ],
      };
    case 'registrationAwaiting':
      return {
        subject: `New registration awaiting activation: ${template.newcomer}`,
        paragraphs: [
          hello,
          `${template.newcomer} (${template.email}) verified their e-mail address and completed the registration. The account waits for an administrator to activate it.`,
        ],
        action: { label: 'Open the registration', link: template.link },
        after: [
          'Check who they are before you activate the account; its roles follow the user type they chose unless you pick others.',
        ],
      };
    case 'contact':
      return {
        subject: `Contact form: ${template.subject}`,
        paragraphs: [
          hello,
          `${template.sender} (${template.senderEmail}) wrote through the contact form of Haulboard:`,
        ],
        quote: template.message,
        action: { label: `Answer ${template.senderEmail}`, link: `mailto:${template.senderEmail}` },
        after: ['A reply to this message goes to them too.'],
      };
    case 'billOfLading':
      return {
        subject: `Bill of lading, ${template.stage.toLowerCase()}: order ${template.orderNumber}`,
        paragraphs: [
          hello,
          `${template.company} completed the ${template.stage.toLowerCase()} inspection of order ${template.orderNumber} (${template.vehicles}). The bill of lading is attached as a PDF: each vehicle's condition, damage, photos and signature.`,
        ],
        action: { label: 'View the bill of lading online', link: template.link },
        after: [
          `The link works until ${template.expiresOn}. The SHA-256 of this inspection set, printed on every page of the bill: ${template.hash}`,
        ],
      };
    case 'invoice':
      return {
        subject: `Invoice ${template.number} from ${template.company}: ${template.amount} due ${template.dueOn}`,
        paragraphs: [
          hello,
          `Please find attached invoice ${template.number} for ${template.orders}: ${template.amount}, due ${template.dueOn} (${template.terms}).` +
            (template.withBol ? ' The signed bill of lading follows the invoice in the same PDF.' : ''),
          ...(template.payTo
            ? [
                `This invoice has been assigned. Please pay it only to ${template.payTo}: payment to anyone else does not settle it.`,
              ]
            : []),
        ],
        after: [`Please quote ${template.number} with your payment. Thank you for your business.`],
      };
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const paragraph = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;

function html(layout: Layout): string {
  const action = layout.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(layout.action.link)}" style="background:#1976d2;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(layout.action.label)}</a></p>` +
      (layout.action.link.startsWith('mailto:')
        ? ''
        : `<p style="margin:0 0 16px;font-size:13px;color:#555555">Or open this address: <a href="${escapeHtml(layout.action.link)}">${escapeHtml(layout.action.link)}</a></p>`)
    : '';
  return [
    '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>',
    `<body style="margin:0;padding:24px;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#212121">`,
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:6px">`,
    `<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(layout.subject)}</h1>`,
    ...layout.paragraphs.map(paragraph),
    layout.quote === undefined
      ? ''
      : `<div style="margin:0 0 16px;white-space:pre-wrap;border-left:3px solid #cccccc;padding-left:12px">${escapeHtml(layout.quote)}</div>`,
    action,
    ...(layout.after ?? []).map(paragraph),
    '<p style="margin:24px 0 0;font-size:13px;color:#757575">Haulboard</p>',
    '</div></body></html>',
  ].join('');
}

function text(layout: Layout): string {
  const action = layout.action ? [`${layout.action.label}: ${layout.action.link}`] : [];
  const quote = layout.quote === undefined ? [] : [layout.quote];
  return [...layout.paragraphs, ...quote, ...action, ...(layout.after ?? []), '— Haulboard'].join('\n\n') + '\n';
}

export function renderMail(template: MailTemplate): MailContent & { kind: MailKind } {
  const layout = layoutOf(template);
  return { kind: template.kind, subject: layout.subject, text: text(layout), html: html(layout) };
}
