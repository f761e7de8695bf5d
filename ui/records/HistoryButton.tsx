import HistoryIcon from '@mui/icons-material/History';
import { Button } from '@mui/material';
import { useRecordContext, useResourceContext, useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import { auditEntityOf } from '../../schema/audit';
import { FEATURES } from '../../schema/features';
import { useHoldsFeature } from '../useCanAccessFeature';

const AUDIT_TRAIL = FEATURES.find((feature) => feature.key === 'AuditTrail')!.uri;

/** The audit trail filtered to one record: the filters applied on arrival and shown in the filter bar. */
export const historyLink = (entity: string, id: string | number) =>
  `${AUDIT_TRAIL}?${new URLSearchParams({
    filter: JSON.stringify({ entity, entityId: String(id) }),
    displayedFilters: JSON.stringify({ entity: true, entityId: true }),
  })}`;

/**
 * "History": the record's own entries in the audit trail, for who may read it. The entity is the screen's (schema/audit),
 * the record the one in context, unless a screen of its own names them.
 */
export function HistoryButton({ entity, id }: { entity?: string; id?: string | number }) {
  const translate = useTranslate();
  const resource = useResourceContext();
  const record = useRecordContext();
  const canRead = useHoldsFeature(AUDIT_TRAIL, 'Read');
  const subject = entity ?? (resource ? auditEntityOf(resource) : undefined);
  const recordId = id ?? record?.id;
  if (!canRead || !subject || recordId === undefined || recordId === null) return null;
  return (
    <Button size="small" component={RouterLink} to={historyLink(subject, recordId)} startIcon={<HistoryIcon />}>
      {translate('haulboard.audit.history')}
    </Button>
  );
}
