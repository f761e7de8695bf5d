import { Alert, Box, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title } from 'react-admin';
import { fetchFile, fileQueryKey } from '../../ui/qualification/api';
import { QualificationFile } from '../../ui/qualification/QualificationFile';

/** A driver's own qualification file, read-only, with its download (docs/product/driver-qualification.md#access). */
export default function MyQualification() {
  const { data, error } = useQuery({ queryKey: fileQueryKey('mine'), queryFn: () => fetchFile('mine') });
  return (
    <Box sx={{ p: { xs: 1, md: 2 }, display: 'grid', gap: 1.5, minWidth: 0, maxWidth: 1100 }}>
      <Title title="haulboard.qualification.mine" />
      {error ? <Alert severity="error">{(error as Error).message}</Alert> : null}
      {data ? (
        <>
          <Typography variant="h5" component="h1">
            {data.driverName}
          </Typography>
          <QualificationFile file={data} of="mine" staff={false} />
        </>
      ) : error ? null : (
        <Skeleton variant="rounded" height={320} />
      )}
    </Box>
  );
}
