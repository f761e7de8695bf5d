import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweepOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import { Alert, Box, Button, CircularProgress, IconButton, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type DocumentDto, type DocumentOwnerType, DOCUMENT_OWNERS, documentSize } from '../../schema/documents';
import { HoverHint } from '../HoverHint';
import {
  type Refusal,
  type UploadProgress,
  addedOn,
  checkFiles,
  documentsQueryKey,
  downloadDocument,
  kindLabel,
  listDocuments,
  removeAllDocuments,
  removeDocument,
  uploadDocuments,
} from './files';
import { AddFilesButton, ConfirmRemove, RefusedFiles, UploadProgressView } from './parts';

export interface DocumentListProps {
  ownerType: DocumentOwnerType;
  ownerId: number;
  /** Whether the user may add and remove (Update on the owner's feature); reading needs Read, which the caller checks. */
  canEdit?: boolean;
}

type Asking = { kind: 'one'; document: DocumentDto } | { kind: 'all' } | null;

/**
 * A record's documents (scanned tickets, inspection reports): each with its type, size and the day it was added, to
 * download or remove; "Add files" (several at once, checked in the browser first: type by content, size) with the
 * upload's progress; "Remove all". Every refusal says which file and why. One column on a phone.
 */
export function DocumentList({ ownerType, ownerId, canEdit = false }: DocumentListProps) {
  const queryClient = useQueryClient();
  const queryKey = documentsQueryKey(ownerType, ownerId);
  const {
    data: documents,
    isPending,
    error: loadError,
  } = useQuery({ queryKey, queryFn: () => listDocuments(ownerType, ownerId) });
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const [status, setStatus] = useState('');
  const [asking, setAsking] = useState<Asking>(null);
  const [busy, setBusy] = useState(false);
  const [downloading, setDownloading] = useState<number | null>(null);
  const ownerLabel = DOCUMENT_OWNERS[ownerType].label.toLowerCase();
  const reload = () => queryClient.invalidateQueries({ queryKey });

  const add = async (files: File[]) => {
    setStatus('');
    const { accepted, refused } = await checkFiles(files);
    setRefusals(refused);
    if (!accepted.length) return;
    setBusy(true);
    try {
      const outcome = await uploadDocuments(
        ownerType,
        ownerId,
        accepted.map((c) => c.file),
        setProgress,
      );
      setRefusals([...refused, ...outcome.failed]);
      if (outcome.added.length)
        setStatus(
          outcome.added.length === 1 ? `${outcome.added[0].fileName} added` : `${outcome.added.length} files added`,
        );
    } finally {
      setProgress(null);
      setBusy(false);
      await reload();
    }
  };

  const remove = async () => {
    if (!asking) return;
    setBusy(true);
    setStatus('');
    try {
      if (asking.kind === 'one') {
        await removeDocument(asking.document.id);
        setStatus(`${asking.document.fileName} removed`);
      } else {
        const removed = await removeAllDocuments(ownerType, ownerId);
        setStatus(removed === 1 ? '1 document removed' : `${removed} documents removed`);
      }
      setRefusals([]);
    } catch (error) {
      setRefusals([
        { fileName: asking.kind === 'one' ? asking.document.fileName : '', message: (error as Error).message },
      ]);
    } finally {
      setAsking(null);
      setBusy(false);
      await reload();
    }
  };

  const download = async (document: DocumentDto) => {
    setDownloading(document.id);
    try {
      await downloadDocument(document);
    } catch (error) {
      setRefusals([
        {
          fileName: document.fileName,
          message: `${document.fileName} could not be downloaded: ${(error as Error).message}`,
        },
      ]);
    } finally {
      setDownloading(null);
    }
  };

  const count = documents?.length ?? 0;
  return (
    <Stack component="section" aria-label="Documents" spacing={1.5} sx={{ minWidth: 0, maxWidth: '100%' }}>
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
          {count ? `Documents (${count})` : 'Documents'}
        </Typography>
        {canEdit && count > 0 && (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteSweepIcon />}
            disabled={busy}
            onClick={() => setAsking({ kind: 'all' })}
          >
            Remove all
          </Button>
        )}
      </Box>

      {isPending && <CircularProgress size={24} aria-label="Loading documents" />}
      {loadError && (
        <Alert severity="error">{`The documents could not be loaded: ${(loadError as Error).message}`}</Alert>
      )}
      {documents && !count && (
        <Typography variant="body2" color="text.secondary">{`No documents for this ${ownerLabel} yet.`}</Typography>
      )}
      {!!count && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, minWidth: 0 }}>
          {documents!.map((document) => (
            <Box
              component="li"
              key={document.id}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                minWidth: 0,
                py: 0.5,
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
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>
                  {document.fileName}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
                  {`${kindLabel(document.contentType)} · ${documentSize(document.sizeBytes)} · added ${addedOn(document.createdAt)}${document.createdBy ? ` by ${document.createdBy}` : ''}`}
                </Typography>
              </Box>
              <HoverHint title="Download">
                <IconButton
                  size="small"
                  aria-label={`Download ${document.fileName}`}
                  disabled={downloading === document.id}
                  onClick={() => void download(document)}
                >
                  {downloading === document.id ? <CircularProgress size={18} /> : <DownloadIcon />}
                </IconButton>
              </HoverHint>
              {canEdit && (
                <HoverHint title="Remove">
                  <IconButton
                    size="small"
                    color="error"
                    aria-label={`Remove ${document.fileName}`}
                    disabled={busy}
                    onClick={() => setAsking({ kind: 'one', document })}
                  >
                    <DeleteIcon />
                  </IconButton>
                </HoverHint>
              )}
            </Box>
          ))}
        </Box>
      )}

      {canEdit && <AddFilesButton onFiles={(files) => void add(files)} disabled={busy} />}
      <Box role="status" aria-live="polite" sx={{ minWidth: 0 }}>
        <UploadProgressView progress={progress} />
        {status && !progress && (
          <Typography variant="body2" color="success.main">
            {status}
          </Typography>
        )}
      </Box>
      <RefusedFiles refusals={refusals} onClose={() => setRefusals([])} />

      <ConfirmRemove
        open={!!asking}
        busy={busy}
        onClose={() => setAsking(null)}
        onConfirm={() => void remove()}
        title={asking?.kind === 'all' ? 'Remove all documents?' : 'Remove this document?'}
        confirmLabel={asking?.kind === 'all' ? 'Remove all' : 'Remove'}
      >
        {asking?.kind === 'one'
          ? `“${asking.document.fileName}” will be removed from this ${ownerLabel}.`
          : `All ${count} documents of this ${ownerLabel} will be removed.`}
      </ConfirmRemove>
    </Stack>
  );
}

export default DocumentList;
