import WebhookIcon from '@mui/icons-material/Webhook';
import { lazyScreen, resourceProps } from '../../ui/records/recordResource';
import { webhooksResource } from './api';

/** Webhooks (/app/webhooks): the URLs subscribed to the company's events, each one's secret, state and delivery log. */
export default resourceProps(
  webhooksResource,
  {
    list: lazyScreen(() => import('./WebhookList')),
    create: lazyScreen(() => import('./WebhookForms').then((m) => ({ default: m.WebhookCreate }))),
    edit: lazyScreen(() => import('./WebhookForms').then((m) => ({ default: m.WebhookEdit }))),
  },
  { icon: WebhookIcon, label: 'haulboard.webhooks.title' },
);
