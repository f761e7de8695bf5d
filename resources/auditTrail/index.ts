import History from '@mui/icons-material/History';
import { lazyScreen, resourceProps } from '../../ui/records/recordResource';
import { auditTrailResource } from './api';

/** The audit trail (/app/audit-trail): every write, each opened to its before → after. */
export default resourceProps(
  auditTrailResource,
  { list: lazyScreen(() => import('./AuditTrailList')) },
  { icon: History, label: 'haulboard.audit.title' },
);
