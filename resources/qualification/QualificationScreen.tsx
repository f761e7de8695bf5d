import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { Title } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { QUALIFICATION_ROUTE, fetchFile, fileQueryKey } from '../../ui/qualification/api';
import { QualificationFile } from '../../ui/qualification/QualificationFile';

/** One driver's qualification file (docs/product/driver-qualification.md#checklist). */
export default function QualificationScreen() {
  const t = useTranslate();
  const driverId = Number(useParams().id);
  const { data, error } = useQuery({ queryKey: fileQueryKey(driverId), queryFn: () => fetchFile(driverId) });
  return (
    <Box sx={{ p: { xs: 1, md: 2 }, display: 'grid', gap: 1.5, minWidth: 0, maxWidth: 1100 }}>
      <Title
        title={
          data ? t('haulboard.qualification.title_of', { name: data.driverName }) : 'haulboard.qualification.title'
        }
      />
      <Box>
        <Button component={RouterLink} to={QUALIFICATION_ROUTE} startIcon={<ArrowBackIcon />} size="small">
          {t('haulboard.qualification.back')}
        </Button>
      </Box>
      {error ? <Alert severity="error">{(error as Error).message}</Alert> : null}
      {data ? (
        <>
          <Typography variant="h5" component="h1">
            {data.driverName}
          </Typography>
          <QualificationFile file={data} of={driverId} staff />
        </>
      ) : error ? null : (
        <Skeleton variant="rounded" height={320} />
      )}
    </Box>
  );
}
