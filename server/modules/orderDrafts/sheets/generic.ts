import type { SheetFieldKey, SheetSpot } from '../../../../schema/dispatchSheets';
import { isValidVin } from '../../../../schema/vin';
import { zipInfo } from '../../../places';
import type { Piece } from './layout';
import { CONFIDENCE, type ReadingBuilder } from './reading';
import type { SheetText } from './text';
import { CITY_STATE_ZIP, EMAIL_PATTERN, MONEY_PATTERN, PHONE_PATTERN, datesIn, moneyOf, phoneOf } from './values';

/** What the generic reader looks for on a sheet of no known layout (the bench measures these). */
export const GENERIC_FIELDS: SheetFieldKey[] = [
  'pickup.city',
  'pickup.state',
  'pickup.zip',
  'pickup.date',
  'delivery.city',
  'delivery.state',
  'delivery.zip',
  'delivery.date',
  'price',
];

type Role = 'pickup' | 'delivery' | 'other';
/** Words that start a stretch of text about one stop, or about something else (the rate, the signature). */
const ROLE_WORDS: [Role, RegExp][] = [
  ['pickup', /\b(?:pick ?up|pick-up|origin|ship from)\b/gi],
  ['delivery', /\b(?:deliver(?:y|ed)?|destination|drop[ -]?off|ship to)\b/gi],
  ['other', /\b(?:vehicles?:|rate|price|thank you|regards|sincerely|from:|subject:)/gi],
];
const PRICE_WORDS = /\b(?:rate|price|pay|total|line haul|carrier pay)\b[^$]{0,40}$/i;
const VIN_CANDIDATE = /\b(?=[A-HJ-NPR-Z0-9]*\d)(?=[A-HJ-NPR-Z0-9]*[A-HJ-NPR-Z])[A-HJ-NPR-Z0-9]{17}\b/g;

/** The sheet's text as one string, and which cell each stretch of it came from (for the spots). */
function stream(sheet: SheetText) {
  let text = '';
  const parts: { start: number; end: number; spot: SheetSpot }[] = [];
  for (const line of sheet.lines) {
    for (const cell of line.cells) {
      if (text) text += ' ';
      parts.push({ start: text.length, end: text.length + cell.text.length, spot: cell.spot });
      text += cell.text;
    }
  }
  const pieceAt = (index: number, length: number, value: string): Piece => ({
    text: value,
    spots: parts.filter((p) => p.end > index && p.start < index + length).map((p) => p.spot),
  });
  return { text, pieceAt };
}

/**
 * A sheet of no known layout, read by what values look like: VINs by their check digit, "City, ST 12345" places
 * checked against the ZIP table, dates, dollar amounts, phones and e-mails. Which stop a place or date belongs to is
 * taken from the nearest word before it ("Pickup", "Deliver to" …); without one, from the order they come in, at a
 * confidence that asks the reviewer to check.
 */
export function readGeneric(sheet: SheetText, out: ReadingBuilder): void {
  const { text, pieceAt } = stream(sheet);
  const marks = ROLE_WORDS.flatMap(([role, pattern]) =>
    [...text.matchAll(pattern)].map((m) => ({ role, at: m.index })),
  );
  marks.sort((a, b) => a.at - b.at);
  const roleAt = (index: number): Role | null => marks.filter((m) => m.at <= index).at(-1)?.role ?? null;

  const seen = new Set<string>();
  for (const match of text.matchAll(VIN_CANDIDATE)) {
    const vin = match[0];
    const labeled = /\bVIN\b[\s:#]*$/i.test(text.slice(Math.max(0, match.index - 8), match.index));
    if (seen.has(vin) || (!isValidVin(vin) && !labeled)) continue;
    seen.add(vin);
    out.vehicle({ vin: pieceAt(match.index, vin.length, vin) });
    const added = out.vehicles.at(-1)?.vin;
    if (added) added.confidence = isValidVin(vin) ? CONFIDENCE.FOUND : CONFIDENCE.FAILED;
  }

  const places: { role: Role | null; piece: Piece; index: number }[] = [];
  for (const match of text.matchAll(new RegExp(CITY_STATE_ZIP.source, 'g'))) {
    const known = zipInfo(match[3]);
    if (!known) continue;
    places.push({
      role: roleAt(match.index),
      piece: pieceAt(match.index, match[0].length, match[0]),
      index: match.index,
    });
  }
  const dates = datesIn(text).map((d) => ({ ...d, role: roleAt(d.index) }));
  for (const role of ['pickup', 'delivery'] as const) {
    const place = places.find((p) => p.role === role);
    if (place) out.place(role, place.piece, CONFIDENCE.FOUND);
    const date = dates.find((d) => d.role === role);
    if (date) out.set(`${role}.date`, date.iso, pieceAt(date.index, date.length, date.iso), CONFIDENCE.FOUND);
  }
  // No words to go by: the first place and date are taken for the pickup, the next for the delivery.
  if (!places.some((p) => p.role === 'pickup' || p.role === 'delivery')) {
    places.slice(0, 2).forEach((p, i) => out.place(i ? 'delivery' : 'pickup', p.piece, CONFIDENCE.GUESSED));
  }
  if (!dates.some((d) => d.role === 'pickup' || d.role === 'delivery')) {
    dates
      .slice(0, 2)
      .forEach((d, i) =>
        out.set(i ? 'delivery.date' : 'pickup.date', d.iso, pieceAt(d.index, d.length, d.iso), CONFIDENCE.GUESSED),
      );
  }

  const amounts = [...text.matchAll(MONEY_PATTERN)].map((m) => ({
    dollars: moneyOf(m[0]),
    index: m.index,
    length: m[0].length,
    named: PRICE_WORDS.test(text.slice(Math.max(0, m.index - 60), m.index)),
  }));
  const price = amounts.find((a) => a.named) ?? [...amounts].sort((a, b) => Number(b.dollars) - Number(a.dollars))[0];
  if (price?.dollars)
    out.set(
      'price',
      price.dollars,
      pieceAt(price.index, price.length, price.dollars),
      price.named ? CONFIDENCE.FOUND : CONFIDENCE.GUESSED,
    );

  for (const match of text.matchAll(PHONE_PATTERN)) {
    const role = roleAt(match.index);
    const key: SheetFieldKey = role === 'pickup' || role === 'delivery' ? `${role}.phone` : 'broker.phone';
    const digits = phoneOf(match[0]);
    if (!out.fields[key] && digits)
      out.set(key, digits, pieceAt(match.index, match[0].length, digits), CONFIDENCE.GUESSED);
  }
  const email = EMAIL_PATTERN.exec(text);
  EMAIL_PATTERN.lastIndex = 0;
  if (email) out.set('broker.email', email[0], pieceAt(email.index, email[0].length, email[0]), CONFIDENCE.GUESSED);
}
