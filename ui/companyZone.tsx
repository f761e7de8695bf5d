import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { accountFlowPath } from '../authProvider/access';
import { apiFetch, unwrap } from '../dataProvider/http';
import { getUser } from '../dataProvider/session';
import { canonicalTimeZone, setCompanyTimeZone } from '../schema/businessDay';
import type { CompanySettingsDto } from '../schema/company';

/**
 * The company's time zone in the web app: the server names it (GET /api/Company/settings) and every "today" of the
 * app — the dates a form starts from, the lists' periods, what is overdue — is the company's day in it
 * (schema/businessDay.ts todayIso), wherever the reader's computer is.
 *
 * The zone last named is kept in this browser, so that a reload starts in it before the server answers.
 */
const STORAGE_KEY = 'companyTimeZone';
export const COMPANY_SETTINGS_PATH = '/api/Company/settings';

function stored(): string | null {
  try {
    return canonicalTimeZone(localStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

/** Puts the server's zone in force in this browser (a name this browser does not know keeps the one in force). */
export function applyCompanyZone(settings: Pick<CompanySettingsDto, 'timeZone'>): void {
  const zone = canonicalTimeZone(settings.timeZone);
  if (!zone) return;
  setCompanyTimeZone(zone);
  try {
    localStorage.setItem(STORAGE_KEY, zone);
  } catch {
    // Storage full or refused: the zone is in force for this page all the same.
  }
}

const kept = stored();
if (kept) setCompanyTimeZone(kept);

export const COMPANY_SETTINGS_KEY = ['company-settings'];

/** The company's settings, its zone put in force as they arrive. */
export const companySettingsQuery = queryOptions({
  queryKey: COMPANY_SETTINGS_KEY,
  queryFn: async (): Promise<CompanySettingsDto> => {
    const settings = unwrap<CompanySettingsDto>(await apiFetch(COMPANY_SETTINGS_PATH));
    applyCompanyZone(settings);
    return settings;
  },
  // Read again now and then (and on coming back to the tab after that): an administrator may change the zone.
  staleTime: 5 * 60_000,
  retry: false,
});

/** An administrator's change (PUT): in force here at once; the other browsers follow when they read it again. */
export async function saveCompanyTimeZone(timeZone: string): Promise<CompanySettingsDto> {
  const settings = unwrap<CompanySettingsDto>(
    await apiFetch(COMPANY_SETTINGS_PATH, { method: 'PUT', body: { timeZone } }),
  );
  applyCompanyZone(settings);
  return settings;
}

/** The company's settings for a screen that shows them (only for accounts that may use the app). */
export const useCompanySettings = () => useQuery({ ...companySettingsQuery, enabled: !accountFlowPath(getUser()) });

/**
 * The signed-in screens wait for the zone the first time (a form must not start from another day than the
 * company's); an answer that does not come leaves the zone kept from before, or the default.
 */
export function CompanyDayGate({ children }: { children: ReactNode }) {
  const { isLoading } = useCompanySettings();
  return isLoading ? null : <>{children}</>;
}
