/**
 * How the files and our records name a company: an MC docket is "MC" and its digits without leading zeros (the files
 * write MC000123, MC-123 or MC123; brokers.mc_number keeps the digits), a USDOT number its digits.
 */
export function docketOf(text: string | null | undefined): string | null {
  const match = /^\s*(MC|FF|MX)?[\s-]*0*(\d{1,8})\s*$/i.exec(text ?? '');
  if (!match || Number(match[2]) === 0) return null;
  return `${(match[1] ?? 'MC').toUpperCase()}${Number(match[2])}`;
}

export function dotOf(text: string | number | null | undefined): number | null {
  const digits = String(text ?? '').trim();
  if (!/^\d{1,9}$/.test(digits) || Number(digits) === 0) return null;
  return Number(digits);
}

/** MC-123456 as people write it. */
export const docketText = (docket: string) => docket.replace(/^([A-Z]{2})/, '$1-');
