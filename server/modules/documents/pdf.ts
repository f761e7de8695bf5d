import PDFDocument from 'pdfkit';

/**
 * A US Letter PDF with its pages kept until the end (so a foot can say "Page x of y") and its bytes gathered: the
 * bill of lading (server/modules/vehicleInspections/bolPdf.ts) and the invoice (server/modules/invoices/pdf.ts).
 */
export function pdfDocument(info: PDFKit.DocumentInfo): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: 'LETTER', margin: 48, bufferPages: true, info });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}
