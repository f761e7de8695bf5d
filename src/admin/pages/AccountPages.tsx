import '../account/messages';
import { useTranslate } from 'ra-core';
import { MessagePage } from './MessagePage';

/**
 * The account pages (loaded together, with the first of them): the access flow (docs/product/accounts.md#accounts) and
 * /app/account, each in its own file under src/admin/account.
 */
export { AccountPage } from '../account/AccountPage';
export { ActivationPendingPage } from '../account/ActivationPendingPage';
export { CompleteRegisterPage } from '../account/CompleteRegisterPage';
export { VerifyAccountPage } from '../account/VerifyAccountPage';

export function UnderConstructionPage() {
  const translate = useTranslate();
  return (
    <MessagePage
      title={translate('haulboard.account.under_construction_title')}
      body={translate('haulboard.account.under_construction_body')}
      action={{ label: 'haulboard.forbidden.back', to: '/app' }}
    />
  );
}
