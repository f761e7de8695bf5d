import CloseIcon from '@mui/icons-material/Close';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { documentSize } from '../../schema/documents';
import { HoverHint } from '../HoverHint';
import { type Refusal, checkFiles } from './files';
import { AddFilesButton, RefusedFiles } from './parts';

export { uploadDocuments, type UploadOutcome, type UploadProgress } from './files';

export interface PendingDocumentsProps {
  /** The files chosen so far (each already passed the browser's checks). */
  files: readonly File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * Documents for a record not created yet: the files are chosen here (the same checks as DocumentList: type by content,
 * size), kept by the form, and sent with uploadDocuments once the record exists. Add, remove one, remove all.
 */
export function PendingDocuments({ files, onChange, disabled }: PendingDocumentsProps) {
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const [status, setStatus] = useState('');

  const add = async (chosen: File[]) => {
    const { accepted, refused } = await checkFiles(chosen);
    setRefusals(refused);
    const fresh = accepted.map((c) => c.file).filter((file) => !files.some((kept) => sameFile(kept, file)));
    if (fresh.length) {
      onChange([...files, ...fresh]);
      setStatus(fresh.length === 1 ? `${fresh[0].name} will be added` : `${fresh.length} files will be added`);
    }
  };
  const removeAt = (index: number) => {
    setStatus(`${files[index].name} taken off`);
    onChange(files.filter((_, i) => i !== index));
  };

  return (
    <Stack component="section" aria-label="Documents to add" spacing={1.5} sx={{ minWidth: 0, maxWidth: '100%' }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          minWidth: 0,
        }}
      >
        <Typography variant="subtitle1" component="h3">
          {files.length ? `Documents (${files.length})` : 'Documents'}
        </Typography>
        {files.length > 0 && (
          <Button
            size="small"
            color="error"
            disabled={disabled}
            onClick={() => {
              onChange([]);
              setRefusals([]);
              setStatus('All files taken off');
            }}
          >
            Remove all
          </Button>
        )}
      </Box>
      {!!files.length && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, minWidth: 0 }}>
          {files.map((file, index) => (
            <Box
              component="li"
              key={`${file.name}-${file.size}-${file.lastModified}`}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                minWidth: 0,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <InsertDriveFileIcon
                color="action"
                sx={{ flexShrink: 0, display: { xs: 'none', sm: 'block' } }}
                aria-hidden
              />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {file.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {documentSize(file.size)}
                </Typography>
              </Box>
              <HoverHint title="Remove">
                <IconButton
                  size="small"
                  aria-label={`Remove ${file.name}`}
                  disabled={disabled}
                  onClick={() => removeAt(index)}
                >
                  <CloseIcon />
                </IconButton>
              </HoverHint>
            </Box>
          ))}
        </Box>
      )}
      <AddFilesButton onFiles={(chosen) => void add(chosen)} disabled={disabled} />
      <Box role="status" aria-live="polite" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {status && (
          <Typography variant="body2" color="text.secondary">
            {status}
          </Typography>
        )}
      </Box>
      <RefusedFiles refusals={refusals} onClose={() => setRefusals([])} />
    </Stack>
  );
}

export default PendingDocuments;
