import { EMAIL_PATTERN } from '../../../schema/common';
import type { CompanyDto } from '../../../schema/contact';

/**
 * Who runs this installation, for the terms, the privacy policy and the contact page: COMPANY_NAME, COMPANY_EMAIL,
 * COMPANY_PHONE and COMPANY_ADDRESS. Each is optional (the pages then say "your company" and point to the contact
 * form); a malformed e-mail stops the start rather than being published.
 */
const VARIABLES = {
  name: 'COMPANY_NAME',
  email: 'COMPANY_EMAIL',
  phone: 'COMPANY_PHONE',
  address: 'COMPANY_ADDRESS',
} as const satisfies Record<keyof CompanyDto, string>;
const MAX_LENGTH = 200;

export function companyFromEnv(env: NodeJS.ProcessEnv = process.env): CompanyDto {
  const company = { name: null, email: null, phone: null, address: null } as CompanyDto;
  for (const [key, variable] of Object.entries(VARIABLES) as [keyof CompanyDto, string][]) {
    const text = env[variable]?.trim();
    if (!text) continue;
    if (text.length > MAX_LENGTH) throw new Error(`${variable} must be at most ${MAX_LENGTH} characters`);
    company[key] = text;
  }
  if (company.email && !EMAIL_PATTERN.test(company.email))
    throw new Error(`COMPANY_EMAIL must be an e-mail address, not "${company.email}"`);
  return company;
}
