import { useT } from '../../i18n/useT';
import { TextPage } from './TextPage';

export default function NotFoundPage() {
  const t = useT();
  return <TextPage title={t('pages.not_found_title')} paragraphs={[t('pages.not_found_body')]} action={{ label: t('pages.back_home'), to: '/' }} />;
}
