import './docs/messages';
import { Paper } from '@mui/material';
import { lazy, useEffect, useMemo, useState } from 'react';
import { useT } from '../../i18n/useT';
import { DocArticle } from './docs/DocArticle';
import { useCompany, withCompany } from './contact/company';

const ContactPage = lazy(() => import('./contact/ContactPage'));

/** The public pages' Markdown (docs/site/*.md), loaded with the page that shows it. */
const files = import.meta.glob<string>('../../../docs/site/*.md', { query: '?raw', import: 'default' });
const FILES = { pricing: 'pricing', terms: 'terms-of-service', privacy: 'privacy-policy' } as const;
const NO_COMPONENTS = {};

/** /contact (the form), and /pricing, /terms-of-service and /privacy-policy: pages of docs/site with the company written in. */
export default function InfoPage({ page }: { page: 'contact' | 'pricing' | 'terms' | 'privacy' }) {
  if (page === 'contact') return <ContactPage />;
  return <SitePage file={FILES[page]} />;
}

function SitePage({ file }: { file: string }) {
  const t = useT();
  const company = useCompany();
  const [source, setSource] = useState<{ file: string; text: string | Error } | null>(null);
  useEffect(() => {
    let cancelled = false;
    files[`../../../docs/site/${file}.md`]().then(
      (text) => !cancelled && setSource({ file, text }),
      (error: Error) => !cancelled && setSource({ file, text: error }),
    );
    return () => {
      cancelled = true;
    };
  }, [file]);
  const text = source?.file === file ? source.text : null;
  const page = useMemo(() => {
    if (text instanceof Error) return text;
    if (text === null || !company) return null;
    return withCompany(text, company, { company: t('site.company_fallback'), administrator: t('site.contact_fallback') });
  }, [text, company, t]);
  const title = typeof text === 'string' ? (/^# (.+)$/m.exec(text)?.[1] ?? '') : '';
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = `${title} · Haulboard`;
    return () => {
      document.title = before;
    };
  }, [title]);
  return (
    <Paper sx={{ p: { xs: 2, sm: 4 } }}>
      <DocArticle source={page} components={NO_COMPONENTS} label={title} />
    </Paper>
  );
}
