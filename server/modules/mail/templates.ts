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
  | { kind: 'webhookPaused'; name: string; url: string; reason: string; link: string }
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
    }
  | {
      kind: 'tracking';
      name: string;
      company: string;
      orderNumber: string;
      /** What happened: picked up, delivered, the estimate past the window, or a dispatcher sending the link. */
      event: 'PICKED_UP' | 'DELIVERED' | 'ETA_SLIPPED' | 'LINK';
      /** "Dallas, TX → Denver, CO". */
      route: string;
      /** The estimate of delivery as it reads ("03/14/2026"), when there is one. */
      eta: string | null;
      /** The delivery window as it reads ("Estimated 03/12/2026"). */
      window: string;
      link: string;
      /** Where the address stops these notices (server/modules/tracking/recipients.ts). */
      unsubscribe: string;
    };

/** One message's parts, written once and laid out both ways below. */
interface Layout {
  subject: string;
  paragraphs: string[];
  action?: { label: string; link: string };
  /** Someone else's words, kept as typed (line breaks and all). */
  quote?: string;
  after?: string[];
  /** A small link at the end (a notice's opt-out). */
  footer?: { label: string; link: string };
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
    case 'webhookPaused':
      return {
        subject: `Webhook paused: ${template.url}`,
        paragraphs: [hello, `Haulboard stopped delivering events to ${template.url}. ${template.reason}`],
        action: { label: 'Open the subscription', link: template.link },
        after: [
          'Events keep being recorded for it while it is paused. Fix the receiver, then resume the subscription: what waits is delivered in order.',
        ],
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
    case 'tracking':
      return trackingLayout(template, hello);
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

const TRACKING_SUBJECTS = {
  PICKED_UP: 'picked up',
  DELIVERED: 'delivered',
  ETA_SLIPPED: 'delivery later than planned',
  LINK: 'track your load',
} as const;

/** A customer notice (docs/product/tracking.md#notices): what happened, the estimate, the link, the opt-out. */
function trackingLayout(template: Extract<MailTemplate, { kind: 'tracking' }>, hello: string): Layout {
  const order = `order ${template.orderNumber} (${template.route})`;
  const said = {
    PICKED_UP: `${template.company} picked up ${order}.${template.eta ? ` We expect to deliver it by ${template.eta}.` : ''}`,
    DELIVERED: `${template.company} delivered ${order}. The bill of lading is on the tracking page.`,
    ETA_SLIPPED: `${order} is running late: we now expect to deliver it by ${template.eta ?? 'a later day'}, after the planned ${template.window}. ${template.company} is sorry for the delay.`,
    LINK: `${template.company} is carrying ${order}. Follow it on its tracking page: where it is, and when we expect to deliver it.`,
  }[template.event];
  return {
    subject: `Order ${template.orderNumber}: ${TRACKING_SUBJECTS[template.event]}`,
    paragraphs: [hello, said],
    action: { label: 'Track this load', link: template.link },
    after: ['The tracking page shows no prices and no personal details; anyone with the link can open it.'],
    footer: { label: 'Stop these notices for this address', link: template.unsubscribe },
  };
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
    layout.footer
      ? `<p style="margin:16px 0 0;font-size:13px"><a href="${escapeHtml(layout.footer.link)}" style="color:#555555">${escapeHtml(layout.footer.label)}</a></p>`
      : '',
    '<p style="margin:24px 0 0;font-size:13px;color:#757575">Haulboard</p>',
    '</div></body></html>',
  ].join('');
}

function text(layout: Layout): string {
  const action = layout.action ? [`${layout.action.label}: ${layout.action.link}`] : [];
  const quote = layout.quote === undefined ? [] : [layout.quote];
  const footer = layout.footer ? [`${layout.footer.label}: ${layout.footer.link}`] : [];
  return (
    [...layout.paragraphs, ...quote, ...action, ...(layout.after ?? []), ...footer, '— Haulboard'].join('\n\n') + '\n'
  );
}

export function renderMail(template: MailTemplate): MailContent & { kind: MailKind } {
  const layout = layoutOf(template);
  return { kind: template.kind, subject: layout.subject, text: text(layout), html: html(layout) };
}
