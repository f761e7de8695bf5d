import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, LinearProgress, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { type DragEvent, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { apiUpload, unwrap } from '../../dataProvider/http';
import type { OrderDraftDto } from '../../schema/orderDrafts';
import { DISPATCH_SHEETS_ROUTE, DRAFTS_API } from './api';

/** One file's way through: reading (with the upload's progress), then its draft or why it was not read. */
interface Upload {
  key: string;
  name: string;
  progress: number;
  draft?: OrderDraftDto;
  problem?: string;
}

/**
 * Where sheets are dropped or chosen (docs/product/dispatch-sheets.md#drafts): every PDF is sent on its own, one after
 * the other, each line telling how it went; a refused one says why (password, damaged, too large) and the rest go on.
 */
export function SheetUpload() {
  const translate = useTranslate();
  const t = (key: string, args?: Record<string, unknown>) => translate(`haulboard.sheets.${key}`, args);
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [over, setOver] = useState(false);

  const change = (key: string, patch: Partial<Upload>) =>
    setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...patch } : u)));

  const send = async (files: File[]) => {
    const batch = files.map((file, index) => ({ file, key: `${Date.now()}-${index}-${file.name}` }));
    setUploads((all) => [...batch.map(({ key, file }) => ({ key, name: file.name, progress: 0 })), ...all]);
    for (const { file, key } of batch) {
      try {
        const draft = unwrap<OrderDraftDto>(
          await apiUpload(DRAFTS_API, file, {
            query: { fileName: file.name },
            contentType: 'application/pdf',
            onProgress: (progress) => change(key, { progress }),
          }),
        );
        change(key, { draft, progress: 1 });
      } catch (error) {
        change(key, { problem: (error as Error).message, progress: 1 });
      }
      await queryClient.invalidateQueries({ queryKey: ['order-drafts'] });
    }
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const files = [...event.dataTransfer.files];
    if (files.length) void send(files);
  };

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        data-testid="sheet-drop"
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'transparent',
          borderRadius: 1,
          p: { xs: 2, sm: 3 },
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 1,
          textAlign: 'center',
        }}
      >
        <UploadFileIcon color="action" />
        <Typography>{t('drop')}</Typography>
        <Typography color="text.secondary">{t('or')}</Typography>
        <input
          ref={input}
          type="file"
          accept=".pdf,application/pdf"
          multiple
          hidden
          aria-label={t('choose')}
          data-testid="sheet-files"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length) void send(files);
          }}
        />
        <Button variant="contained" onClick={() => input.current?.click()}>
          {t('choose')}
        </Button>
      </Box>
      {uploads.length > 0 && (
        <List dense aria-label={t('uploading')} aria-live="polite">
          {uploads.map((upload) => (
            <ListItem key={upload.key} divider sx={{ display: 'block' }}>
              <ListItemText
                primary={upload.name}
                secondary={
                  upload.problem ? null : upload.draft ? (
                    <>
                      {t('uploaded')}: {upload.draft.summary} ·{' '}
                      <Link component={RouterLink} to={`${DISPATCH_SHEETS_ROUTE}/${upload.draft.id}`}>
                        {t('review')}
                      </Link>
                    </>
                  ) : (
                    t('uploading')
                  )
                }
              />
              {!upload.draft && !upload.problem && (
                <LinearProgress
                  variant={upload.progress < 1 ? 'determinate' : 'indeterminate'}
                  value={upload.progress * 100}
                  aria-label={t('uploading')}
                />
              )}
              {upload.problem && (
                <Alert severity="error" sx={{ mt: 0.5 }}>
                  {t('refused')}: {upload.problem}
                </Alert>
              )}
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
