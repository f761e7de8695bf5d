import { useTranslate } from 'ra-core';
import { useLocation } from 'react-router-dom';
import { findFeature } from '../../../authProvider/access';
import { getGroups } from '../../../dataProvider/session';
import { MessagePage } from './MessagePage';

/** A screen whose issue has not landed yet: titled like its feature, never a blank page. */
export function ScreenPlaceholder() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const title = findFeature(pathname, getGroups())?.title ?? translate('haulboard.app.name');
  return <MessagePage title={title} body={translate('haulboard.placeholder.body')} />;
}

/** The template areas: not product; each points to the real screen (docs/product.md#template-areas). */
export function TemplatePointer({ hint, to, target }: { hint: string; to?: string; target?: string }) {
  const translate = useTranslate();
  return (
    <MessagePage
      title={translate('haulboard.account.under_construction_title')}
      body={translate('haulboard.placeholder.template_body', { hint: translate(hint) })}
      action={
        to && target ? { label: translate('haulboard.placeholder.go', { target: translate(target) }), to } : undefined
      }
    />
  );
}
