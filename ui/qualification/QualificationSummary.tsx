import './messages';
import { Box, Link, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import { usDate } from '../format';
import { QUALIFICATION_ROUTE, fetchFile, fileQueryKey } from './api';
import { StateChip } from './QualificationFile';

/**
 * On the driver's page (docs/product/driver-qualification.md#fleet): the state of their qualification file, each item
 * missing or due within 30 days, and the link to the file.
 */
export function QualificationSummary({ driverId }: { driverId: number }) {
  const t = useTranslate();
  const { data } = useQuery({ queryKey: fileQueryKey(driverId), queryFn: () => fetchFile(driverId) });
  if (!data) return null;
  const open = data.items.filter((item) => item.state !== 'complete');
  return (
    <Box sx={{ display: 'grid', gap: 0.75, minWidth: 0 }} data-testid="qualification-summary">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Link component={RouterLink} to={`${QUALIFICATION_ROUTE}/${driverId}`}>
          {t('haulboard.qualification.open_file')}
        </Link>
        <StateChip state={data.state} />
      </Box>
      {open.map((item) => (
        <Typography
          key={item.item}
          variant="body2"
          color={item.state === 'missing' ? 'error.main' : 'warning.main'}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {item.label}
          {item.dueOn ? ` — ${usDate(item.dueOn)}` : ''}
        </Typography>
      ))}
    </Box>
  );
}
