import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../helpers/pdf';

/** A stream as pdfkit writes one: its dictionary, then "stream\n", the deflated bytes, "\nendstream". */
const stream = (deflated: Buffer) =>
  Buffer.concat([
    Buffer.from(`<<\n/Length ${deflated.length}\n/Filter /FlateDecode\n>>\nstream\n`, 'latin1'),
    deflated,
    Buffer.from('\nendstream\n', 'latin1'),
  ]);
const shown = (text: string) => `BT\n<${Buffer.from(text, 'latin1').toString('hex')}> Tj\nET`;

describe('pdfText, the tests’ reader of pdfkit’s PDFs', () => {
  it('reads a content stream whose deflated bytes end in \\r (one checksum in 256)', () => {
    let text = '';
    let deflated = Buffer.alloc(0);
    for (let n = 0; deflated.at(-1) !== 0x0d; n++) {
      text = `Bill of lading ${n}`;
      deflated = zlib.deflateSync(shown(text));
    }
    expect(pdfText(Buffer.concat([Buffer.from('%PDF-1.3\n'), stream(deflated)]))).toBe(text);
  });

  it('reads every stream of a document in order', () => {
    const pages = ['INVOICE', 'Bill of lading'].map((text) => stream(zlib.deflateSync(shown(text))));
    expect(pdfText(Buffer.concat([Buffer.from('%PDF-1.3\n'), ...pages]))).toBe('INVOICE\nBill of lading');
  });
});
