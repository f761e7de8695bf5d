import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  canonicalTimeZone,
  companyDateTime,
  companyTimeZone,
  currentTime,
  dateIn,
  setClock,
  setCompanyTimeZone,
  todayIso,
  utcOffset,
} from '../../schema/businessDay';
import { dueBy, expiryState, todayIso as expiryToday } from '../../schema/expiry';
import { periodRange } from '../../schema/period';
import { loadConfig, parseTimeZone } from '../../server/config';
import { localToday } from '../../ui/assignments/dates';

/**
 * The company's day (schema/businessDay.ts): todayIso() answers the calendar day in the company's time zone, not
 * UTC's. 2026-11-29T05:25Z is 11:25 PM on 11/28 in Chicago.
 */
const LATE = new Date('2026-11-29T05:25:00Z');

afterEach(() => {
  setClock(null);
  setCompanyTimeZone(DEFAULT_TIME_ZONE);
});

describe('todayIso', () => {
  it('is the company’s day at a fixed instant: 11/28 in America/Chicago, 11/29 in UTC', () => {
    setCompanyTimeZone('America/Chicago');
    expect(todayIso(LATE)).toBe('2026-11-28');
    expect(expiryToday(LATE)).toBe('2026-11-28');
    setCompanyTimeZone('UTC');
    expect(todayIso(LATE)).toBe('2026-11-29');
    expect(todayIso(LATE, 'America/Chicago')).toBe('2026-11-28');
  });

  it('reads the clock a test puts in place, as the server and the forms do', () => {
    setCompanyTimeZone('America/Chicago');
    setClock(LATE);
    expect(currentTime().toISOString()).toBe(LATE.toISOString());
    expect(todayIso()).toBe('2026-11-28');
    expect(localToday()).toBe('2026-11-28');
    // What is built on it: a CDL expiring on 11/28 is still valid on the company's 11/28; the live board starts 7 days back.
    expect(expiryState('2026-11-28')).toBe('due');
    expect(dueBy()).toBe('2026-12-28');
    expect(periodRange('current', todayIso())).toEqual({ from: '2026-11-21' });
    expect(periodRange('this_month', todayIso(new Date('2026-12-01T05:25:00Z')))).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    setClock(null);
    expect(Math.abs(currentTime().getTime() - Date.now())).toBeLessThan(1000);
  });

  it('turns at the zone’s midnight, across daylight saving (Chicago: UTC−5 in summer, UTC−6 in winter)', () => {
    setCompanyTimeZone('America/Chicago');
    expect(todayIso(new Date('2026-07-04T04:59:00Z'))).toBe('2026-07-03');
    expect(todayIso(new Date('2026-07-04T05:00:00Z'))).toBe('2026-07-04');
    expect(todayIso(new Date('2026-12-25T05:59:00Z'))).toBe('2026-12-24');
    expect(todayIso(new Date('2026-12-25T06:00:00Z'))).toBe('2026-12-25');
    // 2026-03-08 02:00 CST → 03:00 CDT; 2026-11-01 02:00 CDT → 01:00 CST.
    expect(todayIso(new Date('2026-03-08T05:59:00Z'))).toBe('2026-03-07');
    expect(todayIso(new Date('2026-03-08T06:00:00Z'))).toBe('2026-03-08');
    expect(todayIso(new Date('2026-11-02T05:59:00Z'))).toBe('2026-11-01');
    expect(todayIso(new Date('2026-11-02T06:00:00Z'))).toBe('2026-11-02');
    expect(dateIn('2026-11-29T05:25:00.000Z', 'Asia/Kolkata')).toBe('2026-11-29');
    expect(dateIn('2026-11-28T18:29:00.000Z', 'Asia/Kolkata')).toBe('2026-11-28');
    expect(dateIn('2026-11-28T18:30:00.000Z', 'Asia/Kolkata')).toBe('2026-11-29');
    expect(dateIn('not a time')).toBe('');
  });
});

describe('time zones', () => {
  it('takes IANA names (any case, old links) under their canonical name, and refuses offsets and abbreviations', () => {
    expect(canonicalTimeZone('America/Chicago')).toBe('America/Chicago');
    expect(canonicalTimeZone(' america/new_york ')).toBe('America/New_York');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Etc/UTC')).toBe('UTC');
    expect(canonicalTimeZone('US/Central')).toBe('America/Chicago');
    for (const bad of [
      '',
      'CST',
      'EST',
      'CST6CDT',
      '+05:00',
      'GMT-5',
      'Mars/Olympus_Mons',
      'America/Chicago\u0000',
      '../etc/passwd',
      null,
      42,
    ]) {
      expect(canonicalTimeZone(bad), String(bad)).toBeNull();
    }
    expect(() => setCompanyTimeZone('CST')).toThrow(/not an IANA time zone/);
    expect(companyTimeZone()).toBe(DEFAULT_TIME_ZONE);
  });

  it('COMPANY_TIMEZONE: America/Chicago when unset, the canonical name when set, a clear refusal otherwise', () => {
    expect(parseTimeZone(undefined)).toBe('America/Chicago');
    expect(parseTimeZone('  ')).toBe('America/Chicago');
    expect(parseTimeZone('america/denver')).toBe('America/Denver');
    expect(loadConfig({ COMPANY_TIMEZONE: 'America/Los_Angeles' }).companyTimeZone).toBe('America/Los_Angeles');
    expect(loadConfig({}).companyTimeZone).toBe('America/Chicago');
    expect(() => loadConfig({ COMPANY_TIMEZONE: 'Central' })).toThrow(
      'COMPANY_TIMEZONE must be an IANA time zone such as America/Chicago, America/New_York or UTC, not "Central"',
    );
  });

  it('shows an instant on the company’s clock with the zone’s name, and a zone’s offset', () => {
    expect(companyDateTime('2026-11-29T05:25:00.000Z', 'America/Chicago')).toBe('11/28/26, 11:25 PM CST');
    expect(companyDateTime('2026-07-04T05:25:00.000Z', 'America/Chicago')).toBe('7/4/26, 12:25 AM CDT');
    expect(companyDateTime(null)).toBe('');
    expect(utcOffset('America/Chicago', LATE)).toBe('UTC−06:00');
    expect(utcOffset('Asia/Kolkata', LATE)).toBe('UTC+05:30');
    expect(utcOffset('UTC', LATE)).toBe('UTC');
  });
});
