import { useT } from '../../i18n/useT';
import { TextPage } from './TextPage';

/** /contact, /pricing, /terms-of-service and /privacy-policy. */
export default function InfoPage({ page }: { page: 'contact' | 'pricing' | 'terms' | 'privacy' }) {
  const t = useT();
  return <TextPage title={t(`pages.${page}_title`)} paragraphs={[t(`pages.${page}_body`)]} />;
}
