import zlib from 'node:zlib';

/**
 * The text a PDF made with pdfkit's standard fonts shows, one line per text-showing operator: its content streams
 * inflated, the hex strings of each TJ/Tj decoded as Windows-1252 (kerning numbers between them dropped). Enough to
 * check what a statement says without a PDF library in the tests.
 */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  const raw = pdf.toString('latin1');
  // pdfkit ends a stream's data with "\nendstream"; a compressed stream whose last byte happens to be \r (its checksum,
  // one time in 256) must keep that byte, so the \r before the newline is tried both ways.
  const streams = /stream\r?\n([\s\S]*?)(\r?)\nendstream/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    const data = Buffer.from(match[1], 'latin1');
    const content =
      inflated(data) ?? (match[2] ? inflated(Buffer.concat([data, Buffer.from('\r', 'latin1')])) : null) ?? match[1];
    const shows = /\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g;
    for (let show = shows.exec(content); show; show = shows.exec(content)) {
      const hex = show[1] ? [...show[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('') : show[2];
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}

/** A deflated stream's text, or null when the bytes are not one. */
function inflated(data: Buffer): string | null {
  try {
    return zlib.inflateSync(data).toString('latin1');
  } catch {
    return null;
  }
}
