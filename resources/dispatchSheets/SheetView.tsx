import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Alert, Box, IconButton, Skeleton, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useTranslate } from 'ra-core';
import { useEffect, useRef, useState } from 'react';
import { apiBlob } from '../../dataProvider/download';
import type { SheetSpot } from '../../schema/dispatchSheets';
import { draftApi } from './api';

/** The PDF renderer and its worker, loaded with this view only (they are most of its weight). */
async function openPdf(bytes: ArrayBuffer): Promise<PDFDocumentProxy> {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  // No fonts or maps fetched from elsewhere: a sheet's text is drawn with the fonts it carries or standard ones.
  return pdfjs.getDocument({ data: new Uint8Array(bytes) }).promise;
}

/**
 * The draft's sheet as it came, one page at a time, with the place the selected field was read from outlined, and the
 * places of the doubtful fields shaded (docs/product/dispatch-sheets.md#review). The boxes are in the sheet's points;
 * the page is drawn to the view's width and the boxes scaled with it.
 */
export function SheetView({
  draftId,
  pages,
  spot,
  doubtful,
}: {
  draftId: number;
  pages: number;
  spot: SheetSpot | null;
  doubtful: SheetSpot[];
}) {
  const translate = useTranslate();
  const t = (key: string, args?: Record<string, unknown>) => translate(`haulboard.sheets.${key}`, args);
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [page, setPage] = useState(1);
  const [scale, setScale] = useState(0);
  const { data: pdf, error } = useQuery({
    queryKey: ['order-draft-file', draftId],
    queryFn: async () => openPdf(await (await apiBlob(`${draftApi(draftId)}/file`)).arrayBuffer()),
    staleTime: Infinity,
  });

  // The selected field's page comes into view with it.
  useEffect(() => {
    if (spot) setPage(spot.page);
  }, [spot]);

  useEffect(() => {
    if (!pdf || !canvas.current || !frame.current) return;
    let cancelled = false;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    void (async () => {
      const sheet = await pdf.getPage(page);
      if (cancelled || !canvas.current || !frame.current) return;
      const natural = sheet.getViewport({ scale: 1 });
      const fit = frame.current.clientWidth / natural.width;
      const ratio = window.devicePixelRatio || 1;
      const viewport = sheet.getViewport({ scale: fit * ratio });
      canvas.current.width = viewport.width;
      canvas.current.height = viewport.height;
      canvas.current.style.width = `${viewport.width / ratio}px`;
      canvas.current.style.height = `${viewport.height / ratio}px`;
      const rendering = sheet.render({ canvas: canvas.current, viewport });
      task = rendering;
      await rendering.promise.catch(() => undefined);
      if (!cancelled) setScale(fit);
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, page]);

  const box = (s: SheetSpot, outlined: boolean, key: string) => (
    <Box
      key={key}
      aria-hidden
      sx={(theme) => ({
        position: 'absolute',
        left: s.x * scale - 3,
        top: s.y * scale - 3,
        width: s.width * scale + 6,
        height: s.height * scale + 6,
        border: outlined ? `3px solid ${theme.palette.primary.main}` : 'none',
        bgcolor: outlined ? alpha(theme.palette.primary.main, 0.12) : alpha(theme.palette.warning.main, 0.3),
        borderRadius: 0.5,
        pointerEvents: 'none',
      })}
    />
  );

  return (
    <Box component="figure" sx={{ m: 0 }} aria-label={t('sheet')}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="subtitle2" component="figcaption">
          {t('sheet')}
        </Typography>
        {pages > 1 && (
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <IconButton
              size="small"
              aria-label={t('previous_page')}
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              <ChevronLeftIcon />
            </IconButton>
            <Typography variant="body2">{t('page', { page, pages })}</Typography>
            <IconButton
              size="small"
              aria-label={t('next_page')}
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              <ChevronRightIcon />
            </IconButton>
          </Box>
        )}
      </Box>
      {error ? (
        <Alert severity="warning">{t('sheet_failed', { message: (error as Error).message })}</Alert>
      ) : (
        <Box
          ref={frame}
          sx={{ position: 'relative', width: '100%', border: 1, borderColor: 'divider', bgcolor: 'common.white' }}
        >
          {!pdf && <Skeleton variant="rectangular" height={480} />}
          <canvas ref={canvas} data-testid="sheet-canvas" style={{ display: 'block' }} />
          {scale > 0 && doubtful.filter((s) => s.page === page).map((s, i) => box(s, false, `d${i}`))}
          {scale > 0 && spot && spot.page === page && box(spot, true, 'spot')}
        </Box>
      )}
    </Box>
  );
}
