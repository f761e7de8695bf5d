import { BOL_MESSAGES, bolTitle, documentTime } from '../../../schema/bol';
import { enumWords, usNumber } from '../../../schema/format';
import { INSPECTION_TYPE_LABELS } from '../../../schema/vehicleInspections';
import type { BolDocument } from './bol';
import { escapeHtml, publicLayout } from '../../http/publicPage';
import { contactText, damageCode, positionText, signedText, stopLines } from './bolPdf';

/**
 * The bill of lading as the online link shows it (GET /bol/{token}): one small page made on the server, every text
 * escaped, no script and nothing loaded from elsewhere, with a link to the same PDF. Also the one page for a link
 * that is unknown, expired or revoked (the same words for all three).
 */

const escape = escapeHtml;

/** The bill's own look, after the public pages' (server/http/publicPage.ts). */
const STYLE = `
.vin{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.95rem}
.stamp{display:inline-block;border:2px solid #b3261e;color:#b3261e;font-weight:700;text-transform:uppercase;padding:2px 8px;margin:4px 8px 4px 0;border-radius:4px;font-size:.85rem}
.none{color:#b3261e;font-weight:700}
ul{padding-left:20px;margin:4px 0}
code{font-family:ui-monospace,Menlo,Consolas,monospace}
.hash{word-break:break-all;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.85rem}
`;

const layout = (title: string, body: string) => publicLayout(title, body, { style: STYLE });

/** The page of a link that works: the bill in words, its hash and the PDF. */
export function bolPage(bill: BolDocument, { pdfPath, expiresAt }: { pdfPath: string; expiresAt: string }): string {
  const time = (instant: string | null) => escape(documentTime(instant, bill.timeZone));
  const row = (name: string, value: string | null | undefined) =>
    value ? `<dt>${escape(name)}</dt><dd>${escape(value)}</dd>` : '';
  const stop = stopLines(bill.stop).map(escape).join('<br>');
  const contact = contactText(bill.stop);
  const vehicles = bill.vehicles
    .map((vehicle, index) => {
      const inspection = vehicle.inspection;
      const heading = `<h2>${index + 1}. ${escape([vehicle.description, vehicle.color].filter(Boolean).join(' · '))}</h2>
<p class="vin">VIN ${escape(vehicle.vin)}</p>`;
      if (!inspection) return `<section>${heading}<p class="none">Not inspected</p></section>`;
      const stamps = [
        inspection.customerNotAvailable ? '<span class="stamp">Customer not available</span>' : '',
        inspection.subjectToInspection ? '<span class="stamp">Subject to inspection</span>' : '',
      ].join('');
      const damages = inspection.damages.length
        ? `<ul>${inspection.damages
            .map(
              (damage) =>
                `<li><code>${escape(damageCode(damage))}</code> ${escape(damage.text)} (${escape(enumWords(damage.view))} view)${damage.note ? ` — ${escape(damage.note)}` : ''}</li>`,
            )
            .join('')}</ul>`
        : '<p class="muted">No damage noted</p>';
      const photos = inspection.photos.filter((photo) => photo.view !== 'SIGNATURE').length;
      return `<section>${heading}${stamps}<dl>
${row('Inspection', INSPECTION_TYPE_LABELS[inspection.type] ?? enumWords(inspection.type))}
${row('Completed', inspection.completedAt ? documentTime(inspection.completedAt, bill.timeZone) : 'Not completed yet')}
${inspection.completedAt ? row('Signature', signedText(inspection)) : ''}
${row('Odometer', inspection.odometer === null ? null : `${usNumber(inspection.odometer)} mi`)}
${row('Keys', inspection.keys === null ? null : usNumber(inspection.keys))}
${row('Position', inspection.position ? positionText(inspection.position) : null)}
${row('Loose items', inspection.looseItems)}
${row('Notes', inspection.notes)}
${row('Photos', photos ? `${usNumber(photos)} (in the PDF)` : null)}
</dl><h3>Damage</h3>${damages}</section>`;
    })
    .join('\n');
  const body = `<p class="company">${escape(bill.companyName)}</p>
<h1>${escape(bolTitle(bill.stage))}</h1>
<p>Order <strong>${escape(bill.orderNumber)}</strong></p>
<dl>${row('Shipper', bill.shipper)}${row('Broker', bill.broker)}${row('Carrier', bill.carrier)}${row('Driver', bill.driver)}
<dt>Stop</dt><dd>${stop}${contact ? `<br>Contact: ${escape(contact)}` : ''}</dd></dl>
<p><a class="button" href="${escape(pdfPath)}">Download the bill of lading (PDF)</a></p>
${vehicles}
<section><h2>Fingerprint</h2>
<p class="muted">SHA-256 of this inspection set, also printed on every page of the PDF: the same evidence always gives the same value.</p>
<p class="hash">${escape(bill.hash)}</p>
<p class="muted">This link works until ${time(expiresAt)}.</p></section>`;
  return layout(`${bolTitle(bill.stage)}, order ${bill.orderNumber}`, body);
}

/** The one answer to a token that is unknown, expired or revoked. */
export const linkGonePage = () =>
  layout('Link not available', `<h1>This link does not work any more</h1><p>${escape(BOL_MESSAGES.linkGone)}</p>`);

/** Too many requests from one address. */
export const tooManyPage = () =>
  layout('Too many requests', `<h1>Too many requests</h1><p>${escape(BOL_MESSAGES.tooManyRequests)}</p>`);
