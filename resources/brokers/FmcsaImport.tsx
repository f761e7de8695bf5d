import '../../ui/compliance/messages';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { useRef, useState } from 'react';
import { apiFetch, apiUpload, unwrap } from '../../dataProvider/http';
import { FMCSA_FILE_LABELS, FMCSA_UPLOAD_TYPES, type FmcsaImportDto } from '../../schema/vetting';
import { usDateTime, usNumber } from '../../ui/format';
import { ResponsiveDialog } from '../../ui/ResponsiveDialog';
import { useCanAccessFeature } from '../../ui/useCanAccessFeature';

const w = (key: string) => `haulboard.compliance.imports.${key}`;
const API = '/api/Vetting/imports';

/** One import as a line: its file, kind, status and counts. */
function ImportLine({ item }: { item: FmcsaImportDto }) {
  const translate = useTranslate();
  return (
    <ListItem disableGutters sx={{ display: 'block' }}>
      <Typography variant="body2">
        {translate(w('progress'), {
          name: item.fileName,
          status: translate(w(`statuses.${item.status}`)),
          rows: usNumber(item.rowsRead),
          added: usNumber(item.added),
          updated: usNumber(item.updated),
          changes: usNumber(item.changes),
        })}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {[item.kind ? FMCSA_FILE_LABELS[item.kind] : null, usDateTime(item.createdAt), item.createdBy]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      {item.error && (
        <Alert severity="error" sx={{ mt: 0.5 }}>
          {item.error}
        </Alert>
      )}
    </ListItem>
  );
}

/**
 * Brokers → Import FMCSA files (docs/product/compliance.md#fmcsa-files): a file goes up as it is, then its import runs
 * on the server; the imports so far are listed with their progress, read again every second while one runs.
 */
export function FmcsaImport() {
  const translate = useTranslate();
  const canImport = useCanAccessFeature('management/brokers', 'Update');
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [uploading, setUploading] = useState<{ name: string; fraction: number } | null>(null);
  const [refusal, setRefusal] = useState('');
  const imports = useQuery({
    queryKey: ['fmcsa-imports'],
    queryFn: async ({ signal }) =>
      unwrap<{ items: FmcsaImportDto[] }>(await apiFetch(API, { query: { size: 10 }, signal })).items,
    enabled: open,
    refetchInterval: (query) =>
      query.state.data?.some((item) => item.status === 'queued' || item.status === 'running') ? 1000 : false,
  });
  if (!canImport) return null;
  const upload = async (file: File) => {
    setRefusal('');
    setUploading({ name: file.name, fraction: 0 });
    try {
      await apiUpload(API, file, {
        query: { fileName: file.name },
        contentType: 'text/csv',
        onProgress: (fraction) => setUploading({ name: file.name, fraction }),
      });
      await imports.refetch();
    } catch (error) {
      setRefusal((error as Error).message);
    } finally {
      setUploading(null);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <>
      <Button startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        {translate(w('open'))}
      </Button>
      {open && (
        <ResponsiveDialog open onClose={() => setOpen(false)} maxWidth="sm" fullWidth>
          <DialogTitle>{translate(w('title'))}</DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2 }}>
            <Typography variant="body2">{translate(w('intro'))}</Typography>
            <Box>
              <input
                ref={input}
                data-testid="fmcsa-import-file"
                type="file"
                hidden
                accept={['.csv', '.txt', ...FMCSA_UPLOAD_TYPES].join(',')}
                onChange={(event) => event.target.files?.[0] && void upload(event.target.files[0])}
              />
              <Button variant="contained" disabled={!!uploading} onClick={() => input.current?.click()}>
                {translate(w('choose'))}
              </Button>
            </Box>
            {uploading && (
              <Box role="status">
                <Typography variant="body2">{translate(w('uploading'), { name: uploading.name })}</Typography>
                <LinearProgress variant="determinate" value={uploading.fraction * 100} />
              </Box>
            )}
            {refusal && (
              <Alert severity="error" role="alert">
                {refusal}
              </Alert>
            )}
            <Typography variant="subtitle2" component="h3">
              {translate(w('recent'))}
            </Typography>
            {imports.data?.length ? (
              <List dense disablePadding role="status">
                {imports.data.map((item) => (
                  <ImportLine key={item.id} item={item} />
                ))}
              </List>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {translate(w('none'))}
              </Typography>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate(w('close'))}</Button>
          </DialogActions>
        </ResponsiveDialog>
      )}
    </>
  );
}
