import { Navigate } from 'react-router-dom';
import { hasValidToken } from '../../../authProvider/signIn';
import { getUser } from '../../../dataProvider/session';
import { useT } from '../../i18n/useT';
import { TextPage } from './TextPage';

/** /adobe-connect: Administrator and Manager only (docs/routing.md#public-routes). */
export default function AdobeConnectPage() {
  const t = useT();
  if (!hasValidToken()) return <Navigate to="/login" replace />;
  const allowed = getUser()?.roles.some((role) => role === 'Administrator' || role === 'Manager');
  if (!allowed) return <TextPage title={t('forbidden.title')} paragraphs={[t('forbidden.body')]} action={{ label: t('forbidden.back'), to: '/app' }} />;
  return <TextPage title={t('pages.adobe_title')} paragraphs={[t('pages.adobe_body')]} action={{ label: t('pages.back_home'), to: '/app' }} />;
}
