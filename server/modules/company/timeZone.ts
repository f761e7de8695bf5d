import { canonicalTimeZone, setCompanyTimeZone } from '../../../schema/businessDay';
import type { Db } from '../../db/types';

/** The row of company_settings (migration 039) that holds the zone an administrator chose. */
export const TIME_ZONE_SETTING = 'time_zone';

/**
 * How often each server reads the setting again: an administrator's change on one server reaches the others sharing
 * the PostgreSQL database within this time (one primary-key read; SQLite has one server, which applies it at once).
 */
export const COMPANY_SETTINGS_REFRESH_MS = 10_000;

export interface TimeZoneSetting {
  timeZone: string;
  /** An administrator chose it (a row in company_settings); false: COMPANY_TIMEZONE is in force. */
  chosen: boolean;
  updatedAt: string | null;
  updatedBy: number | null;
}

/**
 * The company's time zone on one server: COMPANY_TIMEZONE until an administrator chooses one, then the setting in
 * the database, read at start, after a change here, and every `refreshMs` (a change made on another server).
 * Whatever it reads becomes the process's zone (schema/businessDay.ts), which todayIso() and every business-date rule
 * answer in.
 */
export class CompanyTimeZone {
  private setting: TimeZoneSetting;

  constructor(
    /** COMPANY_TIMEZONE, or its default. */
    readonly fallback: string,
    readonly refreshMs: number = COMPANY_SETTINGS_REFRESH_MS,
    private readonly log: (message: string) => void = () => undefined,
  ) {
    this.setting = { timeZone: fallback, chosen: false, updatedAt: null, updatedBy: null };
    setCompanyTimeZone(fallback);
  }

  /** The zone this server is in now. */
  get timeZone(): string {
    return this.setting.timeZone;
  }

  get current(): TimeZoneSetting {
    return this.setting;
  }

  /** Reads the setting and puts it in force; returns it. */
  async load(db: Db): Promise<TimeZoneSetting> {
    const row = await db
      .selectFrom('company_settings')
      .select(['value', 'updated_at', 'updated_by'])
      .where('name', '=', TIME_ZONE_SETTING)
      .executeTakeFirst();
    let next: TimeZoneSetting = { timeZone: this.fallback, chosen: false, updatedAt: null, updatedBy: null };
    if (row) {
      const zone = canonicalTimeZone(row.value);
      // A zone this runtime's time-zone data does not know (written by a newer one): the default rather than no day.
      if (zone) next = { timeZone: zone, chosen: true, updatedAt: row.updated_at, updatedBy: row.updated_by };
      else
        this.log(`the company's time zone "${row.value}" is not known here: using ${this.fallback} (COMPANY_TIMEZONE)`);
    }
    if (next.timeZone !== this.setting.timeZone) this.log(`the company's time zone is now ${next.timeZone}`);
    this.setting = next;
    setCompanyTimeZone(next.timeZone);
    return next;
  }
}
