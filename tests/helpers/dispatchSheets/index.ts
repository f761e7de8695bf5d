/**
 * Dispatch sheets made up for the tests, the journeys and bench/sheets.ts (docs/product/dispatch-sheets.md): the facts
 * of a load (randomFacts) and its PDF in the layout's look (sheetPdf), plus PDFs the reader must refuse.
 */
import crypto from 'node:crypto';
import type { SheetFacts } from '../../../schema/dispatchSheets';
import { drawCentralDispatch } from './centralDispatch';
import { type Doc, pdfBytes, text } from './draw';
import { drawLetter } from './letter';
import { drawRateConfirmation } from './rateConfirmation';
import { drawSuperDispatch } from './superDispatch';

export { randomFacts, type FactsLayout } from './facts';

const DRAW: Record<SheetFacts['layout'], (doc: Doc, facts: SheetFacts) => void> = {
  centralDispatch: drawCentralDispatch,
  superDispatch: drawSuperDispatch,
  rateConfirmation: drawRateConfirmation,
  generic: drawLetter,
};

/** The text PDF of a sheet stating `facts`, drawn in its layout's look. */
export function sheetPdf(facts: SheetFacts): Promise<Buffer> {
  return pdfBytes((doc) => DRAW[facts.layout](doc, facts));
}

/** A sheet that opens only with a password. */
export function encryptedPdf(): Promise<Buffer> {
  return pdfBytes((doc) => text(doc, 'Dispatch Sheet', 36, 36), { userPassword: 'load', ownerPassword: 'broker' });
}

/** A scan: one page with a picture and no text at all. */
export function imageOnlyPdf(): Promise<Buffer> {
  // A 2 × 2 grey PNG: what a scanner's page is, as far as text goes.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAAAAABX3VL4AAAADklEQVR4nGNgYGBgYAAAAAUAAXpeqz8AAAAASUVORK5CYII=',
    'base64',
  );
  return pdfBytes((doc) => doc.image(png, 36, 36, { width: 500 }));
}

/** Bytes that are not a PDF at all (a photo or a Word file sent by mistake). */
export const notPdf = (): Buffer => crypto.createHash('sha512').update('not a pdf').digest();

/** A real sheet cut short, as a failed download leaves it. */
export async function truncatedPdf(facts: SheetFacts): Promise<Buffer> {
  const whole = await sheetPdf(facts);
  return whole.subarray(0, Math.floor(whole.length * 0.4));
}
