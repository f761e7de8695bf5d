import { Button } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useCanAccessFeature } from '../useCanAccessFeature';
import { RowLink } from './columns';

/** A record named in another list (the driver of a truck …): a link to its edit screen for who may edit it, else text. */
export function RecordLink({
  resource,
  id,
  children,
}: {
  resource: string;
  id: number | null | undefined;
  children: ReactNode;
}) {
  const canEdit = useCanAccessFeature(resource, 'Update');
  if (!children) return null;
  return canEdit && id ? <RowLink to={`/app/${resource}/${id}/edit`}>{children}</RowLink> : <>{children}</>;
}

/** A top-bar button to a related list (drivers, fuel cards), shown to who may read it. */
export function ResourceLinkButton({ resource, label, icon }: { resource: string; label: string; icon?: ReactNode }) {
  const translate = useTranslate();
  const canRead = useCanAccessFeature(resource, 'Read');
  if (!canRead) return null;
  return (
    <Button size="small" component={RouterLink} to={`/app/${resource}`} startIcon={icon}>
      {translate(label)}
    </Button>
  );
}
