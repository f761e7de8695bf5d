import { z } from 'zod';
import { DEFAULT_TIME_ZONE, isTimeZone } from './businessDay';
import { INSPECTION_TYPE_KEYS, type InspectionType } from './inspectionTypes';

/**
 * The company's settings that administrators change in the app (GET/PUT /api/Company/settings,
 * server/modules/company): for now its time zone, which decides every business date (schema/businessDay.ts).
 */
export interface CompanySettingsDto {
  /** The IANA zone in force, e.g. America/Chicago. */
  timeZone: string;
  /** The installation's default (COMPANY_TIMEZONE), in force until an administrator chooses a zone. */
  defaultTimeZone: string;
  /** Whether an administrator chose the zone (false: the installation's default is in force). */
  chosen: boolean;
  /** Today in that zone (YYYY-MM-DD) and the server's clock (an instant), so a browser can tell how far off it is. */
  today: string;
  now: string;
  /** Who chose the zone last, and when (null while the default is in force). */
  updatedAt: string | null;
  updatedBy: string | null;
  /** Whether the caller may change it (administrators only). */
  canChange: boolean;
}

export const COMPANY_MESSAGES = {
  timeZone: `Choose a time zone from the list, such as ${DEFAULT_TIME_ZONE}`,
  onlyAdministrators: "Only an administrator can change the company's time zone",
  onlyAdministratorsInspections: "Only an administrator can change the company's inspection rules",
} as const;

export const companySettingsBody = z.object({
  timeZone: z
    .string()
    .trim()
    .min(1, COMPANY_MESSAGES.timeZone)
    .max(64, COMPANY_MESSAGES.timeZone)
    .refine(isTimeZone, COMPANY_MESSAGES.timeZone),
});
export type CompanySettingsBody = z.output<typeof companySettingsBody>;

/**
 * The company's rules for vehicle inspections (GET/PUT /api/Company/inspections): the type a driver records when the
 * shipper and broker ask for none, and whether an order moves to Picked up or Delivered only with every vehicle's
 * inspection at that stop completed (docs/product/vehicle-inspections.md#status-from-the-road).
 */
export interface InspectionSettingsDto {
  inspectionType: InspectionType;
  inspectionRequired: boolean;
  updatedAt: string | null;
  updatedBy: string | null;
  canChange: boolean;
}

export const inspectionSettingsBody = z.object({
  inspectionType: z.enum(INSPECTION_TYPE_KEYS, { message: 'Choose Standard, Advanced or Coded' }),
  inspectionRequired: z.boolean(),
});
export type InspectionSettingsBody = z.output<typeof inspectionSettingsBody>;
