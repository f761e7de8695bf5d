import { describe, expect, it } from 'vitest';
import { LOW_CONFIDENCE, type SheetFacts } from '../../schema/dispatchSheets';
import { vinCheckDigit } from '../../schema/vin';
import { GENERIC_FIELDS, SheetUnreadable, readDispatchSheet } from '../../server/modules/orderDrafts/sheets';
import { encryptedPdf, imageOnlyPdf, notPdf, randomFacts, sheetPdf, truncatedPdf } from '../helpers/dispatchSheets';
import { pdfBytes, text } from '../helpers/dispatchSheets/draw';
import { compareReading } from '../helpers/dispatchSheets/score';

/** The dispatch sheet reader (docs/product/dispatch-sheets.md) against sheets whose facts the generator knows. */

const LAYOUTS = ['centralDispatch', 'superDispatch', 'rateConfirmation'] as const;
const read = async (facts: SheetFacts) => readDispatchSheet(await sheetPdf(facts));
const wrongOnes = (facts: SheetFacts, reading: Awaited<ReturnType<typeof read>>, options = {}) =>
  compareReading(facts, reading, options).filter((c) => !c.right);

async function refusal(bytes: Uint8Array): Promise<string> {
  try {
    await readDispatchSheet(bytes);
  } catch (error) {
    if (error instanceof SheetUnreadable) return error.reason;
    throw error;
  }
  return 'read';
}

describe('reading a sheet of a known layout', () => {
  for (const layout of LAYOUTS) {
    it.each([1, 2, 3, 4, 5])(
      `${layout} #%i: every field and vehicle as the sheet states it, sure of each`,
      async (seed) => {
        const facts = randomFacts(layout, seed);
        const reading = await read(facts);
        expect(reading.layout).toBe(layout);
        expect(wrongOnes(facts, reading)).toEqual([]);
        const unsure = compareReading(facts, reading).filter((c) => (c.confidence ?? 0) < LOW_CONFIDENCE);
        expect(unsure).toEqual([]);
        for (const field of Object.values(reading.fields)) {
          if (!field.spot) continue;
          const page = reading.pageSizes[field.spot.page - 1];
          expect(field.spot.x + field.spot.width).toBeLessThanOrEqual(page.width);
          expect(field.spot.y).toBeGreaterThanOrEqual(0);
          expect(field.spot.y + field.spot.height).toBeLessThanOrEqual(page.height);
        }
      },
    );
  }

  it('ends a value at its own line: the title under "Payment terms" is not read into it', async () => {
    // Seed 1022's notes say "at pickup", which read into the terms made them look cash on pickup.
    const facts = randomFacts('rateConfirmation', 1022);
    expect((await read(facts)).fields.paymentTermsDays?.value).toBe(facts.fields.paymentTermsDays);
  });

  it('returns a note with markup, ampersands, quotes and accents as the same plain text', async () => {
    const notes = '<script>alert(1)</script> Tom & Jerry’s "lot" at José’s café – gate B';
    for (const layout of LAYOUTS) {
      const facts = randomFacts(layout, 11);
      facts.fields.notes = notes;
      expect((await read(facts)).fields.notes?.value).toBe(notes);
    }
  });

  it('asks the reviewer to check a VIN whose check digit is wrong, and only that', async () => {
    const facts = randomFacts('centralDispatch', 6);
    const vin = facts.vehicles[0].vin;
    const wrongDigit = ['1', '2', '3'].find((d) => d !== vinCheckDigit(vin))!;
    facts.vehicles[0].vin = vin.slice(0, 8) + wrongDigit + vin.slice(9);
    const reading = await read(facts);
    expect(reading.vehicles[0].vin?.value).toBe(facts.vehicles[0].vin);
    expect(reading.vehicles[0].vin?.confidence).toBeLessThan(LOW_CONFIDENCE);
    expect(reading.fields.price?.confidence).toBeGreaterThanOrEqual(LOW_CONFIDENCE);
  });

  it('asks to check a ZIP that is not of its city and state, and a broker fee above the price', async () => {
    const facts = randomFacts('superDispatch', 7);
    facts.fields['pickup.zip'] = facts.fields['pickup.state'] === 'NY' ? '90001' : '10001';
    facts.fields.brokerFee = (Number(facts.fields.price) + 100).toFixed(2);
    const reading = await read(facts);
    expect(reading.fields['pickup.zip']?.value).toBe(facts.fields['pickup.zip']);
    expect(reading.fields['pickup.zip']?.confidence).toBeLessThan(LOW_CONFIDENCE);
    expect(reading.fields.brokerFee?.confidence).toBeLessThan(LOW_CONFIDENCE);
    expect(reading.fields['delivery.zip']?.confidence).toBeGreaterThanOrEqual(LOW_CONFIDENCE);
  });
});

describe('reading a sheet of no known layout', () => {
  it.each([1, 2, 3, 4])('letter #%i: its VINs, places, dates and price are found', async (seed) => {
    const facts = randomFacts('generic', seed);
    const reading = await read(facts);
    expect(reading.layout).toBe('generic');
    expect(wrongOnes(facts, reading, { keys: GENERIC_FIELDS, vinsOnly: true })).toEqual([]);
    expect(reading.vehicles.map((v) => v.vin?.value)).toEqual(facts.vehicles.map((v) => v.vin));
  });

  it('without words to go by, guesses stops by their order, below the confidence that needs no check', async () => {
    const bytes = await pdfBytes((doc) => {
      text(doc, 'Houston, TX 77002 then Chicago, IL 60601 on 12/09/2026 and 12/11/2026 for $1,250.00', 36, 36);
    });
    const reading = await readDispatchSheet(bytes);
    expect(reading.fields['pickup.zip']?.value).toBe('77002');
    expect(reading.fields['delivery.zip']?.value).toBe('60601');
    expect(reading.fields['delivery.date']?.value).toBe('2026-12-11');
    expect(reading.fields.price?.value).toBe('1250.00');
    expect(reading.fields['pickup.zip']?.confidence).toBeLessThan(LOW_CONFIDENCE);
  });
});

describe('refusing a file', () => {
  it('that is password-protected', async () => {
    expect(await refusal(await encryptedPdf())).toBe('encrypted');
  });
  it('that is not a PDF', async () => {
    expect(await refusal(notPdf())).toBe('not_pdf');
  });
  it('that is cut short', async () => {
    expect(await refusal(await truncatedPdf(randomFacts('centralDispatch', 1)))).toBe('damaged');
  });
  it('that has no text (a scan)', async () => {
    expect(await refusal(await imageOnlyPdf())).toBe('no_text');
  });
  it('that has too many pages', async () => {
    const bytes = await pdfBytes((doc) => {
      for (let page = 1; page <= 21; page++) {
        if (page > 1) doc.addPage();
        text(doc, `Page ${page}`, 36, 36);
      }
    });
    expect(await refusal(bytes)).toBe('too_many_pages');
  });
  it('with a message a dispatcher can act on', () => {
    expect(new SheetUnreadable('encrypted').message).toMatch(/password-protected: save it without a password/);
  });
});
