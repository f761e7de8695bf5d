import { useEffect, useState } from 'react';
import { apiFetch, unwrap } from '../../../../dataProvider/http';
import type { CompanyDto } from '../../../../schema/contact';

const NOBODY: CompanyDto = { name: null, email: null, phone: null, address: null };
let asked: Promise<CompanyDto> | null = null;

/** Who runs this installation (GET /api/contact/company, from COMPANY_*), asked once per visit; unknown until it answers. */
export function useCompany(): CompanyDto | null {
  const [company, setCompany] = useState<CompanyDto | null>(null);
  useEffect(() => {
    let cancelled = false;
    asked ??= apiFetch('/api/contact/company').then((body) => unwrap<CompanyDto>(body)).catch(() => {
      asked = null;
      return NOBODY;
    });
    void asked.then((answer) => !cancelled && setCompany(answer));
    return () => {
      cancelled = true;
    };
  }, []);
  return company;
}

const escapeMarkdown = (text: string) => text.replace(/([\\`*_[\]<>#|])/g, '\\$1');

/**
 * A page of docs/site with the company written in: {{company}} its name (or "your company"), {{contact}} how to reach
 * it — its e-mail, phone and address as far as they are set, and the contact form.
 */
export function withCompany(source: string, company: CompanyDto, words: { company: string; administrator: string }): string {
  const name = company.name ? escapeMarkdown(company.name) : words.company;
  const ways = [
    company.email && `[${escapeMarkdown(company.email)}](mailto:${encodeURI(company.email)})`,
    company.phone && escapeMarkdown(company.phone),
    company.address && escapeMarkdown(company.address),
  ].filter(Boolean);
  const who = company.name ? name : words.administrator;
  const contact = `${who}${ways.length ? ` (${ways.join(', ')})` : ''}, or write through the [contact form](/contact)`;
  const capital = name.charAt(0).toUpperCase() + name.slice(1);
  return source
    .replace(/(^|[.!?]\s+|\n\n|\n[-*]\s+|\n#+\s+)\{\{company\}\}/g, (_whole, before: string) => before + capital)
    .replace(/\{\{company\}\}/g, name)
    .replace(/\{\{contact\}\}/g, contact);
}
