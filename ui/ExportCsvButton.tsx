import DownloadIcon from '@mui/icons-material/Download';
import { Button, CircularProgress } from '@mui/material';
import { useListContext, useNotify, useResourceContext, useTranslate } from 'ra-core';
import { useState } from 'react';
import { downloadCsv } from './downloadCsv';
import { useCanAccessFeature } from './useCanAccessFeature';

/**
 * Download the whole filtered set as CSV from the API (which streams it), not just the page on screen. Shown only
 * to users with Export on the feature; progress is shown while the file arrives.
 */
export function ExportCsvButton({
  path,
  toQuery,
  fileName,
}: {
  path: string;
  toQuery: (filter: Record<string, unknown>) => Record<string, string | number | boolean | null | undefined>;
  fileName: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const resource = useResourceContext();
  const { filterValues, total } = useListContext();
  const [received, setReceived] = useState<number | null>(null);
  const allowed = useCanAccessFeature(resource ?? '', 'Export');
  if (!allowed) return null;

  const download = async () => {
    setReceived(0);
    try {
      await downloadCsv(path, toQuery(filterValues), fileName, setReceived);
      notify('haulboard.export.done', { type: 'success', messageArgs: { count: total ?? 0 } });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setReceived(null);
    }
  };

  return (
    <Button
      size="small"
      startIcon={received === null ? <DownloadIcon /> : <CircularProgress size={16} />}
      onClick={download}
      disabled={received !== null}
    >
      {received === null
        ? translate('haulboard.export.csv')
        : translate('haulboard.export.progress', { kb: Math.round(received / 1024) })}
    </Button>
  );
}
