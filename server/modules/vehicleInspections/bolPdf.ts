import { pdfDocument } from '../documents/pdf';
import { bolTitle, documentTime } from '../../../schema/bol';
import { countText, enumWords, phoneText, usNumber } from '../../../schema/format';
import {
  INSPECTION_STAGE_LABELS,
  INSPECTION_TYPE_LABELS,
  type InspectionDto,
  type InspectionStage,
  type Position,
} from '../../../schema/vehicleInspections';
import type { ServerContext } from '../../context';
import { type BolDocument, type BolStop, type BolVehicle, type Thumbnail, bolOf, thumbnailsOf } from './bol';

/**
 * The bill of lading as a PDF (pdfkit, US Letter), from bolOf's data and the thumbnails of its photos: the company,
 * the order and its parties, the stop, then each vehicle with its inspection — facts, stamps, damage with codes and
 * words, photos with when they were taken, the signature with who signed — or "Not inspected". Every page's foot
 * carries the SHA-256 of the inspection set (bolHash.ts) and "Page x of y".
 */

const MARGIN = 48;
const PAGE_WIDTH = 612;
const WIDTH = PAGE_WIDTH - 2 * MARGIN;
const GREY = '#555555';
const LIGHT = '#dddddd';
const STAMP = '#b3261e';
const PHOTOS_PER_ROW = 4;
const GAP = 8;
const CELL = (WIDTH - (PHOTOS_PER_ROW - 1) * GAP) / PHOTOS_PER_ROW;
const PHOTO_HEIGHT = Math.round((CELL * 3) / 4);

/** The standard PDF fonts write Windows-1252 only: signs beyond it become their plain equivalents (as the statement). */
export const plain = (text: string) =>
  text
    .replace(/→/g, '-')
    .replace(/−/g, '-')
    .replace(/[^\x20-\x7E\u00A0-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u2026]/g, '?');

const degrees = (e6: number) => (e6 / 1e6).toFixed(6);
/** "32.776700, -96.797000 (±12 m)". */
export const positionText = (position: Position) =>
  `${degrees(position.latitudeE6)}, ${degrees(position.longitudeE6)} (±${usNumber(position.accuracyMeters)} m)`;

/** "09-DT-2": a damage's codes as the industry's tables write theirs (area, type, severity). */
export const damageCode = (damage: { area: string; kind: string; severity: string }) =>
  `${damage.area}-${damage.kind}-${damage.severity}`;

export const stopLines = (stop: BolStop) =>
  [
    stop.venue,
    stop.address,
    [stop.city, [stop.state, stop.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  ].filter((line): line is string => !!line);

export const contactText = (stop: BolStop) =>
  [stop.contactName, stop.contactPhone ? phoneText(stop.contactPhone) : null].filter(Boolean).join(' · ');

/** What the document says of who signed. */
export function signedText(inspection: InspectionDto): string {
  if (inspection.customerNotAvailable)
    return inspection.signerName
      ? `Signed by ${inspection.signerName} (the customer was not available)`
      : 'Signed by the driver: the customer was not available';
  return inspection.signerName ? `Signed by ${inspection.signerName}` : 'Signed';
}

export async function bolPdf(bill: BolDocument, thumbnails: ReadonlyMap<number, Thumbnail | null>): Promise<Buffer> {
  const { doc, done } = pdfDocument({
    Title: plain(`${bolTitle(bill.stage)}, order ${bill.orderNumber}`),
    Author: plain(bill.companyName),
    Subject: `SHA-256 of the inspection set: ${bill.hash}`,
  });
  drawBol(doc, bill, thumbnails);
  doc.end();
  return done;
}

/**
 * Draws the bill onto `doc` from its current page (or a new one: `newPage`, as an invoice that carries its bill,
 * server/modules/invoices/pdf.ts), its feet numbered among its own pages.
 */
export function drawBol(
  doc: PDFKit.PDFDocument,
  bill: BolDocument,
  thumbnails: ReadonlyMap<number, Thumbnail | null>,
  { newPage = false }: { newPage?: boolean } = {},
): void {
  if (newPage) doc.addPage();
  const firstPage = doc.bufferedPageRange().start + doc.bufferedPageRange().count - 1;
  const time = (instant: string | null) => documentTime(instant, bill.timeZone);
  const left = MARGIN;
  const bottom = () => doc.page.height - MARGIN - 6;
  /** The text cut with an ellipsis to fit `width` in the font and size set: for what must stay on one line. */
  const fitted = (text: string, width: number) => {
    if (doc.widthOfString(text) <= width) return text;
    let cut = text;
    while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
    return `${cut.trimEnd()}…`;
  };
  /** The vehicle being drawn, said again at the top of a page its inspection runs onto. */
  let continuing: string | null = null;
  /** A new page when `height` more would not fit on this one. */
  const room = (height: number) => {
    if (doc.y + height <= bottom()) return;
    doc.addPage();
    if (!continuing) return;
    const top = doc.y;
    doc.font('Helvetica-Bold').fontSize(9).fillColor(GREY);
    doc.text(fitted(plain(continuing), WIDTH), left, top, { lineBreak: false });
    doc.fillColor('#000000');
    doc.y = top + 18;
  };
  const rule = (y = doc.y) => {
    doc
      .moveTo(left, y)
      .lineTo(left + WIDTH, y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
  };

  // The head: who, what, which order.
  doc.font('Helvetica-Bold').fontSize(10).fillColor(GREY).text(plain(bill.companyName), left, MARGIN, { width: WIDTH });
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor('#000000')
    .text(plain(bolTitle(bill.stage)), { width: WIDTH });
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(plain(`Order ${bill.orderNumber}`), { width: WIDTH });
  doc.moveDown(0.6);

  // The parties on the left, the stop on the right.
  const top = doc.y;
  const half = (WIDTH - 16) / 2;
  const label = 62;
  let y = top;
  const parties: [string, string | null][] = [
    ['Shipper', bill.shipper],
    ['Broker', bill.broker],
    ['Carrier', bill.carrier],
    ['Driver', bill.driver],
  ];
  for (const [name, value] of parties) {
    if (!value) continue;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(GREY)
      .text(name, left, y + 1, { width: label });
    doc
      .font('Helvetica')
      .fontSize(9.5)
      .fillColor('#000000')
      .text(plain(value), left + label, y, { width: half - label });
    y = Math.max(doc.y, y + 12) + 2;
  }
  const right = left + half + 16;
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(GREY)
    .text(`${INSPECTION_STAGE_LABELS[bill.stage]} at`, right, top + 1, { width: half });
  doc.font('Helvetica').fontSize(9.5).fillColor('#000000');
  for (const [index, line] of stopLines(bill.stop).entries())
    doc.font(index === 0 ? 'Helvetica-Bold' : 'Helvetica').text(plain(line), right, doc.y, { width: half });
  const contact = contactText(bill.stop);
  if (contact) doc.font('Helvetica').text(plain(`Contact: ${contact}`), right, doc.y, { width: half });
  doc.y = Math.max(y, doc.y) + 8;
  rule();
  doc.moveDown(0.8);

  const inspected = bill.vehicles.filter((vehicle) => vehicle.inspection?.completedAt).length;
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(GREY)
    .text(`${countText(bill.vehicles.length, 'vehicle')} · ${inspected} inspected and signed`, left, doc.y, {
      width: WIDTH,
    });
  doc.moveDown(0.6);

  for (const [index, vehicle] of bill.vehicles.entries()) drawVehicle(index + 1, vehicle);

  function drawVehicle(number: number, vehicle: BolVehicle) {
    continuing = null;
    room(70);
    // The vehicle's bar: what it is on the left, its VIN on the right.
    const barY = doc.y;
    doc.rect(left, barY, WIDTH, 20).fillColor('#eeeeee').fill();
    const heading = [vehicle.description, vehicle.color].filter(Boolean).join(' · ');
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#000000');
    doc.text(fitted(plain(`${number}. ${heading}`), WIDTH - 210), left + 6, barY + 5, { lineBreak: false });
    doc
      .font('Courier-Bold')
      .fontSize(10)
      .text(`VIN ${vehicle.vin}`, left + WIDTH - 196, barY + 5.5, { width: 190, align: 'right', lineBreak: false });
    doc.y = barY + 26;
    doc.x = left;
    continuing = `${number}. VIN ${vehicle.vin} (continued): ${heading}`;

    const inspection = vehicle.inspection;
    if (!inspection) {
      doc
        .font('Helvetica-Bold')
        .fontSize(10)
        .fillColor(STAMP)
        .text('Not inspected', left + 6, doc.y, { width: WIDTH });
      doc.fillColor('#000000').moveDown(1.2);
      return;
    }

    // Facts, three to a row; the longer ones (where, what else, notes) each on a row of their own.
    const facts: [string, string][][] = [
      [
        ['Inspection', INSPECTION_TYPE_LABELS[inspection.type] ?? enumWords(inspection.type)],
        ['Completed', inspection.completedAt ? time(inspection.completedAt) : 'Not completed yet'],
        ['VIN checked on the vehicle', inspection.vinConfirmed ? 'Yes' : 'No'],
      ],
      [
        ['Odometer', inspection.odometer === null ? 'Not read' : `${usNumber(inspection.odometer)} mi`],
        ['Keys', inspection.keys === null ? 'Not counted' : usNumber(inspection.keys)],
        ['Position', inspection.position ? positionText(inspection.position) : 'Not recorded'],
      ],
    ];
    const column = (WIDTH - 12) / 3;
    for (const row of facts) {
      room(26);
      const rowY = doc.y;
      let bottomOfRow = rowY;
      row.forEach(([name, value], i) => {
        const x = left + 6 + i * column;
        // The last cell may run to the right edge: a position is longer than the others.
        const width = i === row.length - 1 ? WIDTH - 12 - i * column : column - 10;
        doc.font('Helvetica').fontSize(7.5).fillColor(GREY).text(name, x, rowY, { width });
        doc
          .font('Helvetica')
          .fontSize(9.5)
          .fillColor('#000000')
          .text(plain(value), x, doc.y + 1, { width });
        bottomOfRow = Math.max(bottomOfRow, doc.y);
      });
      doc.y = bottomOfRow + 5;
    }
    for (const [name, value] of [
      ['Loose items', inspection.looseItems],
      ['Notes', inspection.notes],
    ] as const) {
      if (!value) continue;
      room(26);
      doc
        .font('Helvetica')
        .fontSize(7.5)
        .fillColor(GREY)
        .text(name, left + 6, doc.y, { width: WIDTH - 12 });
      doc
        .font('Helvetica')
        .fontSize(9.5)
        .fillColor('#000000')
        .text(plain(value), left + 6, doc.y + 1, { width: WIDTH - 12 });
      doc.y += 5;
    }

    // Stamps: what the signature means when the customer did not sign in person, or signed subject to inspection.
    const stamps = [
      inspection.customerNotAvailable ? 'Customer not available' : null,
      inspection.subjectToInspection ? 'Subject to inspection' : null,
    ].filter((stamp): stamp is string => !!stamp);
    if (stamps.length) {
      room(26);
      let x = left + 6;
      const stampY = doc.y + 2;
      doc.font('Helvetica-Bold').fontSize(10);
      for (const stamp of stamps) {
        const text = stamp.toUpperCase();
        const width = doc.widthOfString(text) + 16;
        doc.roundedRect(x, stampY, width, 18, 3).lineWidth(1.5).strokeColor(STAMP).stroke();
        doc.fillColor(STAMP).text(text, x + 8, stampY + 4.5, { width: width - 8, lineBreak: false });
        x += width + 10;
      }
      doc.fillColor('#000000');
      doc.y = stampY + 26;
      doc.x = left;
    }

    drawDamages(inspection);
    drawPhotos(inspection);
    drawSignature(inspection);
    continuing = null;
    doc.moveDown(1);
  }

  function subheading(text: string) {
    doc
      .font('Helvetica-Bold')
      .fontSize(9.5)
      .fillColor('#000000')
      .text(text, left + 6, doc.y, { width: WIDTH - 12 });
    doc.y += 2;
  }

  function drawDamages(inspection: InspectionDto) {
    room(30);
    if (!inspection.damages.length) {
      subheading('Damage');
      doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor(GREY)
        .text('No damage noted', left + 6, doc.y, { width: WIDTH - 12 });
      doc.fillColor('#000000');
      doc.y += 6;
      return;
    }
    subheading(`Damage (${inspection.damages.length})`);
    const columns = [
      { title: 'Code', width: 62 },
      { title: 'Damage', width: 250 },
      { title: 'View', width: 50 },
      { title: 'Note', width: WIDTH - 12 - 62 - 250 - 50 },
    ];
    const headY = doc.y;
    let x = left + 6;
    doc.font('Helvetica-Bold').fontSize(7.5).fillColor(GREY);
    for (const c of columns) {
      doc.text(c.title, x, headY, { width: c.width - 6 });
      x += c.width;
    }
    doc.y = headY + 11;
    for (const damage of inspection.damages) {
      const cells = [damageCode(damage), damage.text, enumWords(damage.view), damage.note ?? ''].map(plain);
      doc.font('Helvetica').fontSize(9);
      const height = Math.max(
        ...cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: columns[i].width - 6 })),
      );
      room(height + 3);
      const rowY = doc.y;
      x = left + 6;
      cells.forEach((cell, i) => {
        doc
          .font(i === 0 ? 'Courier' : 'Helvetica')
          .fontSize(9)
          .fillColor('#000000')
          .text(cell, x, rowY, { width: columns[i].width - 6 });
        x += columns[i].width;
      });
      doc.y = rowY + height + 3;
    }
    doc.y += 4;
  }

  function drawPhotos(inspection: InspectionDto) {
    const photos = inspection.photos.filter((photo) => photo.view !== 'SIGNATURE');
    if (!photos.length) return;
    room(PHOTO_HEIGHT + 40);
    subheading(`Photos (${photos.length})`);
    for (let start = 0; start < photos.length; start += PHOTOS_PER_ROW) {
      room(PHOTO_HEIGHT + 30);
      const rowY = doc.y + 2;
      photos.slice(start, start + PHOTOS_PER_ROW).forEach((photo, i) => {
        const x = left + i * (CELL + GAP);
        doc.rect(x, rowY, CELL, PHOTO_HEIGHT).lineWidth(0.5).strokeColor(LIGHT).stroke();
        const thumbnail = thumbnails.get(photo.id);
        if (thumbnail)
          doc.image(thumbnail.bytes, x + 1, rowY + 1, {
            fit: [CELL - 2, PHOTO_HEIGHT - 2],
            align: 'center',
            valign: 'center',
          });
        else
          doc
            .font('Helvetica')
            .fontSize(7.5)
            .fillColor(GREY)
            .text('This photo cannot be shown here; its SHA-256 is on record.', x + 6, rowY + PHOTO_HEIGHT / 2 - 10, {
              width: CELL - 12,
              align: 'center',
            });
        doc
          .font('Helvetica-Bold')
          .fontSize(7)
          .fillColor(GREY)
          .text(enumWords(photo.view), x, rowY + PHOTO_HEIGHT + 3, { width: CELL, lineBreak: false });
        doc
          .font('Helvetica')
          .text(plain(`Taken ${time(photo.takenAt)}`), x, rowY + PHOTO_HEIGHT + 12, { width: CELL, lineBreak: false });
      });
      doc.fillColor('#000000');
      doc.y = rowY + PHOTO_HEIGHT + 26;
    }
    doc.y += 2;
  }

  function drawSignature(inspection: InspectionDto) {
    if (!inspection.completedAt) return;
    const signature = inspection.photos.find((photo) => photo.view === 'SIGNATURE');
    const boxWidth = 220;
    const boxHeight = 72;
    room(boxHeight + 24);
    subheading('Signature');
    const boxY = doc.y + 2;
    doc
      .rect(left + 6, boxY, boxWidth, boxHeight)
      .lineWidth(0.5)
      .strokeColor(LIGHT)
      .stroke();
    const thumbnail = signature ? thumbnails.get(signature.id) : null;
    if (thumbnail)
      doc.image(thumbnail.bytes, left + 8, boxY + 2, {
        fit: [boxWidth - 4, boxHeight - 4],
        align: 'center',
        valign: 'center',
      });
    else
      doc
        .font('Helvetica')
        .fontSize(7.5)
        .fillColor(GREY)
        .text('The signature cannot be shown here; its SHA-256 is on record.', left + 12, boxY + boxHeight / 2 - 8, {
          width: boxWidth - 12,
          align: 'center',
        });
    const textX = left + 6 + boxWidth + 14;
    const textWidth = WIDTH - boxWidth - 26;
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('#000000')
      .text(plain(signedText(inspection)), textX, boxY + 14, { width: textWidth });
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(GREY)
      .text(time(inspection.completedAt), textX, doc.y + 2, { width: textWidth });
    doc.fillColor('#000000');
    doc.y = Math.max(boxY + boxHeight, doc.y) + 6;
    doc.x = left;
  }

  // The foot of each of its pages, once they all exist: the hash, and where the page is in the bill.
  const range = doc.bufferedPageRange();
  const pages = range.start + range.count - firstPage;
  for (let i = firstPage; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The foot sits in the bottom margin: without the margin pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    const footY = doc.page.height - MARGIN + 16;
    doc
      .moveTo(left, footY - 6)
      .lineTo(left + WIDTH, footY - 6)
      .lineWidth(0.5)
      .strokeColor(LIGHT)
      .stroke();
    doc
      .font('Helvetica')
      .fontSize(7)
      .fillColor(GREY)
      .text(`SHA-256 of this inspection set: ${bill.hash}`, left, footY, { width: WIDTH - 70, lineBreak: false });
    doc.text(`Page ${i + 1 - firstPage} of ${pages}`, left + WIDTH - 70, footY, {
      width: 70,
      align: 'right',
      lineBreak: false,
    });
  }
}

/** An order's bill at a stage, drawn from what the database holds now, with its PDF (staff, driver, links, tracking). */
export async function billPdf(ctx: ServerContext, orderId: number, stage: InspectionStage, vin: string | null = null) {
  const bill = await bolOf(ctx, orderId, stage, vin);
  const pdf = await bolPdf(bill, await thumbnailsOf(ctx.db, ctx.files, bill.vehicles));
  return { bill, pdf };
}
