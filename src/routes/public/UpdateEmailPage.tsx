import { Navigate } from 'react-router-dom';
import { getUser } from '../../../dataProvider/session';
import { useT } from '../../i18n/useT';
import { TextPage } from './TextPage';

/** /app/update-email/{token}: verified users go on to the app (SPEC.md §4). */
export default function UpdateEmailPage() {
  const t = useT();
  if (getUser()?.isEmailVerified) return <Navigate to="/app" replace />;
  return <TextPage title={t('account.update_email_title')} paragraphs={[t('account.update_email_body')]} action={{ label: t('reset.back_to_login'), to: '/login' }} />;
}
