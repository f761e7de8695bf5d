import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bookOrderInput } from '../../schema/bookOrders';
import { MAX_TEXT, fileNameText, textProblem, textRule } from '../../schema/common';
import { shippers } from '../../schema/resources/shippers';
import { tickets } from '../../schema/resources/tickets';

/**
 * The one text rule (schema/common.ts) as the browser's forms use it: the same definition the server applies to
 * every request, so a form says what the server would, as the user types.
 */

const issuesOf = (schema: z.ZodType, value: unknown) =>
  (schema.safeParse(value).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('textProblem', () => {
  it('refuses C0 controls but tab, line feed and carriage return; DEL; the C1 range', () => {
    for (let code = 0; code <= 0x9f; code++) {
      const character = String.fromCharCode(code);
      const allowed = (code >= 0x20 && code < 0x7f) || code === 0x09 || code === 0x0a || code === 0x0d;
      expect(textProblem(`a${character}b`), `U+${code.toString(16)}`).toBe(
        allowed
          ? null
          : `Text cannot contain the control character U+${code.toString(16).toUpperCase().padStart(4, '0')} (character 2)`,
      );
    }
    expect(textProblem('Überführung 検査 😀 ¡ü\u00a0')).toBeNull();
  });

  it('keeps one-line text to one line, and names to no control character at all', () => {
    expect(textProblem('a\tb', { lines: 'line' })).toBeNull();
    expect(textProblem('😀a\nb', { lines: 'line' })).toBe(
      'Text here is a single line: remove the line break (character 3)',
    );
    expect(textProblem('a\rb', { lines: 'line' })).toMatch(/line break/);
    expect(textProblem('a\tb', { lines: 'name' })).toMatch(/U\+0009/);
    expect(textProblem('a\nb', { lines: 'name' })).toMatch(/U\+000A/);
    expect(textProblem('a\n\tb\r\n', { lines: 'multiline' })).toBeNull();
  });

  it('refuses a lone surrogate and keeps a pair', () => {
    expect(textProblem('a\ud800')).toMatch(/valid Unicode/);
    expect(textProblem('\udc00a')).toMatch(/valid Unicode/);
    expect(textProblem('\ud83d\ude00')).toBeNull();
  });

  it('limits length to MAX_TEXT unless told another limit', () => {
    expect(textProblem('x'.repeat(MAX_TEXT))).toBeNull();
    expect(textProblem('x'.repeat(MAX_TEXT + 1))).toBe('At most 10,000 characters (this is 10,001)');
    expect(textProblem('x'.repeat(1001), { max: 1000 })).toBe('At most 1,000 characters (this is 1,001)');
  });
});

describe('the forms use the rule', () => {
  it('a record form refuses a control character in any text field, and takes tabs and line breaks', () => {
    const shipper = {
      name: 'Acme',
      contactName: null,
      phone: null,
      email: null,
      address: null,
      city: null,
      stateId: 1,
      zip: null,
    };
    expect(shippers.create.safeParse(shipper).success).toBe(true);
    expect(issuesOf(shippers.create, { ...shipper, name: 'Ac\u0007me' })).toEqual([
      ['name', 'Text cannot contain the control character U+0007 (character 3)'],
    ]);
    expect(issuesOf(shippers.create, { ...shipper, city: 'Dal\u0000las' })).toEqual([
      ['city', 'Text cannot contain the control character U+0000 (character 4)'],
    ]);
    expect(issuesOf(shippers.create, { ...shipper, address: '1 Main St\u0085Suite 2' })).toEqual([
      ['address', 'Text cannot contain the control character U+0085 (character 10)'],
    ]);
    expect(
      shippers.create.safeParse({ ...shipper, address: '1 Main St\nSuite 2', contactName: 'Ann\tLee' }).success,
    ).toBe(true);
  });

  it('a multi-line field keeps tabs and line breaks', () => {
    const description = (tickets.fields as Record<string, { input?: z.ZodType; multiline?: boolean }>).description;
    expect(description.multiline).toBe(true);
    expect(description.input!.safeParse('Stopped at\tmile 12\r\nsecond line').data).toBe(
      'Stopped at\tmile 12\r\nsecond line',
    );
    expect(issuesOf(description.input!, 'bell\u0007')).toEqual([
      ['', 'Text cannot contain the control character U+0007 (character 5)'],
    ]);
  });

  it("a book order's text is under the rule too", () => {
    const shape = bookOrderInput.shape;
    expect(shape.notes.safeParse('gate\t4471\r\ncall ahead').data).toBe('gate\t4471\r\ncall ahead');
    expect(shape.notes.safeParse('gate\u0000').success).toBe(false);
    expect(shape.pickup.shape.city.safeParse('Dal\u007flas').success).toBe(false);
    expect(shape.vehicles.element.shape.make.safeParse('Ford\u001b').success).toBe(false);
  });

  it('a refinement for any string schema, and a file name rule', () => {
    const note = z.string().superRefine(textRule('line')).max(20);
    expect(note.safeParse('ok\tfine').success).toBe(true);
    expect(note.safeParse('no\u001bescape').error?.issues[0].message).toMatch(/U\+001B/);
    expect(fileNameText(10).safeParse('scan.pdf').success).toBe(true);
    expect(fileNameText(10).safeParse('scan\t.pdf').success).toBe(false);
    expect(fileNameText(10).safeParse('x'.repeat(11)).success).toBe(false);
  });
});
