import { zipSync } from 'fflate';
import { companyDateTime } from '../../../schema/businessDay';
import { usDate } from '../../../schema/format';
import {
  QUALIFICATION_STATE_LABELS,
  type QualificationFileDto,
  type QualificationRecordDto,
} from '../../../schema/qualification';
import type { ServerContext } from '../../context';
import { companyFromEnv } from '../contact/company';
import { bytesOf } from '../documents/store';
import { pdfDocument } from '../documents/pdf';
import { plain } from '../vehicleInspections/bolPdf';

const MARGIN = 48;
const WIDTH = 612 - 2 * MARGIN;
const GREY = '#555555';
const RED = '#b00020';

/** Where a record's papers go in the ZIP: one folder per item, in checklist order, the record's date first. */
const folderOf = (index: number, record: QualificationRecordDto) =>
  `${String(index + 1).padStart(2, '0')}-${record.item.toLowerCase().replace(/_/g, '-')}/${record.doneOn}-${record.id}`;

const entryOf = (
  index: number,
  record: QualificationRecordDto,
  document: QualificationRecordDto['documents'][number],
) => `${folderOf(index, record)}/${document.id}-${document.fileName}`;

const recordLine = (record: QualificationRecordDto) =>
  [
    `Done ${usDate(record.doneOn)}`,
    record.expiresOn ? `expires ${usDate(record.expiresOn)}` : null,
    record.registryVerifiedOn ? `National Registry verified ${usDate(record.registryVerifiedOn)}` : null,
    `checked by ${record.checkedBy ?? 'unknown'} ${companyDateTime(record.checkedAt)}`,
    record.replacedAt
      ? `replaced ${companyDateTime(record.replacedAt)}, kept until ${usDate(record.keepUntil) || 'employment + 3 years'}`
      : null,
  ]
    .filter(Boolean)
    .join(' · ');

/** The cover: the driver, the checklist with each item's state, dates and who checked it, and where its papers are. */
export async function coverPdf(file: QualificationFileDto, today: string): Promise<Buffer> {
  const company = companyFromEnv().name ?? 'Haulboard';
  const { doc, done } = pdfDocument({
    Title: plain(`Driver qualification file: ${file.driverName}`),
    Author: plain(company),
    Subject: 'Driver qualification file, 49 CFR 391.51',
  });
  const text = (value: string, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(plain(value), MARGIN, doc.y, { width: WIDTH, ...options });
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#000000');
  text('DRIVER QUALIFICATION FILE');
  doc.font('Helvetica').fontSize(10).fillColor(GREY);
  text(`${company} · 49 CFR 391.51 · as of ${usDate(today)}`);
  doc.moveDown(0.6).fillColor('#000000').fontSize(12).font('Helvetica-Bold');
  text(file.driverName);
  doc.font('Helvetica').fontSize(10);
  text(
    `Hired ${usDate(file.hiredOn) || 'not recorded'}${file.terminatedOn ? ` · left ${usDate(file.terminatedOn)}` : ''} · ${QUALIFICATION_STATE_LABELS[file.state]}`,
  );
  doc.moveDown(0.8);
  file.items.forEach((item, index) => {
    if (doc.y > doc.page.height - MARGIN - 90) doc.addPage();
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + WIDTH, doc.y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.moveDown(0.3).font('Helvetica-Bold').fontSize(11).fillColor('#000000');
    text(`${index + 1}. ${item.label} (${item.rule})`);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(item.state === 'complete' ? '#1b5e20' : item.state === 'due' ? '#8a5a00' : RED);
    text(
      `${QUALIFICATION_STATE_LABELS[item.state]}${item.problem ? `: ${item.problem.replace(/\d{4}-\d{2}-\d{2}/g, (d) => usDate(d))}` : ''}${item.dueOn && !item.problem?.includes(item.dueOn) ? ` · due ${usDate(item.dueOn)}` : ''}`,
    );
    doc.fillColor('#000000');
    for (const record of [item.current, ...item.replaced].filter((r): r is QualificationRecordDto => !!r)) {
      text(`${record.replacedAt ? 'Previous: ' : ''}${recordLine(record)}`);
      doc.fillColor(GREY);
      if (record.notes) text(record.notes);
      for (const document of record.documents) text(`  ${entryOf(index, record, document)}`);
      doc.fillColor('#000000');
    }
    doc.moveDown(0.5);
  });
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor(GREY);
    doc.text(
      plain(`${file.driverName} · qualification file · Page ${i - start + 1} of ${count}`),
      MARGIN,
      doc.page.height - MARGIN + 16,
      {
        width: WIDTH,
        align: 'center',
        lineBreak: false,
      },
    );
  }
  doc.end();
  return done;
}

/** The whole file for an auditor: cover.pdf, then every record's papers as they were uploaded, a folder per item. */
export async function qualificationZip(ctx: ServerContext, file: QualificationFileDto, today: string): Promise<Buffer> {
  const entries: Record<string, Uint8Array> = { 'cover.pdf': await coverPdf(file, today) };
  for (const [index, item] of file.items.entries())
    for (const record of [item.current, ...item.replaced].filter((r): r is QualificationRecordDto => !!r))
      for (const document of record.documents) {
        const row = await ctx.db
          .selectFrom('documents')
          .select(['content', 'object_key'])
          .where('id', '=', document.id)
          .executeTakeFirstOrThrow();
        entries[entryOf(index, record, document)] = await bytesOf(ctx.files, row);
      }
  // PDFs and images are compressed already: stored as they are.
  return Buffer.from(zipSync(entries, { level: 0 }));
}
