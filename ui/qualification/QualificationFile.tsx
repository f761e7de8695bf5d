import './messages';
import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Card, CardContent, Chip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import type {
  QualificationFileDto,
  QualificationItemDto,
  QualificationRecordDto,
  QualificationState,
} from '../../schema/qualification';
import { localToday } from '../assignments/dates';
import { DocumentList } from '../documents/DocumentList';
import { usDate, usDateTime } from '../format';
import { type FileOf, deleteRecord, downloadFile, fileQueryKey } from './api';
import { RecordDialog } from './RecordDialog';

export const STATE_COLOURS: Record<QualificationState, 'error' | 'warning' | 'success'> = {
  missing: 'error',
  due: 'warning',
  complete: 'success',
};

export function StateChip({ state }: { state: QualificationState }) {
  const translate = useTranslate();
  return (
    <Chip size="small" color={STATE_COLOURS[state]} label={translate(`haulboard.qualification.states.${state}`)} />
  );
}

/** A problem's dates as the reader writes them. */
const readable = (text: string) => text.replace(/\d{4}-\d{2}-\d{2}/g, (date) => usDate(date));

/** One record: its dates, who checked it, its papers (listed, or with the documents' own list for staff). */
function RecordFacts({
  record,
  staff,
  canEdit,
  onDelete,
}: {
  record: QualificationRecordDto;
  staff: boolean;
  canEdit: boolean;
  onDelete?: () => void;
}) {
  const t = useTranslate();
  const dates = [
    `${t('haulboard.qualification.done_on')} ${usDate(record.doneOn)}`,
    record.expiresOn ? `${t('haulboard.qualification.expires_on')} ${usDate(record.expiresOn)}` : null,
    record.registryVerifiedOn
      ? `${t('haulboard.qualification.registry_on')} ${usDate(record.registryVerifiedOn)}`
      : null,
  ].filter(Boolean);
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="body2">{dates.join(' · ')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('haulboard.qualification.checked', { who: record.checkedBy ?? '—', when: usDateTime(record.checkedAt) })}
      </Typography>
      {record.notes ? <Typography variant="body2">{record.notes}</Typography> : null}
      {staff ? (
        <DocumentList ownerType="qualificationItem" ownerId={record.id} canEdit={canEdit} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('haulboard.qualification.papers')}:{' '}
          {record.documents.map((d) => d.fileName).join(', ') || t('haulboard.qualification.no_papers')}
        </Typography>
      )}
      {record.replacedAt ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="caption" color="text.secondary">
            {record.keepUntil
              ? t('haulboard.qualification.kept_until', { date: usDate(record.keepUntil) })
              : t('haulboard.qualification.kept_employed')}
          </Typography>
          {/* Offered once its legal time is over: before, the server refuses (server/modules/qualification/write.ts refuseBeforeKept). */}
          {onDelete && record.keepUntil && localToday() >= record.keepUntil ? (
            <Button size="small" color="error" onClick={onDelete}>
              {t('haulboard.qualification.delete')}
            </Button>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}

function ItemCard({
  item,
  index,
  file,
  staff,
  of,
}: {
  item: QualificationItemDto;
  index: number;
  file: QualificationFileDto;
  staff: boolean;
  of: FileOf;
}) {
  const t = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [recording, setRecording] = useState(false);
  const remove = (id: number) =>
    deleteRecord(id)
      .then(() => {
        notify('haulboard.qualification.deleted', { type: 'info' });
        return queryClient.invalidateQueries({ queryKey: fileQueryKey(of) });
      })
      .catch((failure: Error) => notify(failure.message, { type: 'error' }));
  return (
    <Card variant="outlined" data-item={item.item}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" component="h3" sx={{ flex: '1 1 16rem', fontWeight: 600 }}>
            {index + 1}. {item.label}{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              ({item.rule})
            </Typography>
          </Typography>
          <StateChip state={item.state} />
          {file.canUpdate ? (
            <Button size="small" variant="outlined" onClick={() => setRecording(true)}>
              {t(item.current ? 'haulboard.qualification.renew' : 'haulboard.qualification.record')}
            </Button>
          ) : null}
        </Box>
        {item.problem || item.dueOn ? (
          <Typography
            variant="body2"
            color={item.state === 'complete' ? 'text.secondary' : `${STATE_COLOURS[item.state]}.main`}
          >
            {[
              item.problem ? readable(item.problem) : null,
              item.dueOn && !item.problem?.includes(item.dueOn)
                ? t('haulboard.qualification.due_on', { date: usDate(item.dueOn) })
                : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        ) : null}
        {item.current ? <RecordFacts record={item.current} staff={staff} canEdit={file.canUpdate} /> : null}
        {item.replaced.length ? (
          <Box component="details" sx={{ '& > summary': { cursor: 'pointer', typography: 'body2' } }}>
            <summary>{t('haulboard.qualification.previous', { smart_count: item.replaced.length })}</summary>
            <Box sx={{ display: 'grid', gap: 1.5, mt: 1, pl: 2, borderLeft: 2, borderColor: 'divider' }}>
              {item.replaced.map((record) => (
                <RecordFacts
                  key={record.id}
                  record={record}
                  staff={staff}
                  canEdit={file.canUpdate}
                  onDelete={file.canUpdate ? () => void remove(record.id) : undefined}
                />
              ))}
            </Box>
          </Box>
        ) : null}
      </CardContent>
      {recording ? (
        <RecordDialog item={item} driverId={file.driverId} of={of} onClose={() => setRecording(false)} />
      ) : null}
    </Card>
  );
}

/**
 * A driver's qualification file (docs/product/driver-qualification.md#checklist): the checklist with each item's
 * state, dates, who checked it, its papers and the records it replaced; Record on each item and the ZIP for an
 * auditor. `staff` shows the papers with the documents' own list (add, download, remove); a driver sees their names.
 */
export function QualificationFile({ file, of, staff }: { file: QualificationFileDto; of: FileOf; staff: boolean }) {
  const t = useTranslate();
  const notify = useNotify();
  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <StateChip state={file.state} />
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 auto' }}>
          {t('haulboard.qualification.hired')} {usDate(file.hiredOn) || '—'}
          {file.terminatedOn ? ` · ${t('haulboard.qualification.left')} ${usDate(file.terminatedOn)}` : ''}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() =>
            void downloadFile(of, file.driverName).catch((failure: Error) => notify(failure.message, { type: 'error' }))
          }
        >
          {t('haulboard.qualification.download')}
        </Button>
      </Box>
      {file.items.map((item, index) => (
        <ItemCard key={item.item} item={item} index={index} file={file} staff={staff} of={of} />
      ))}
    </Box>
  );
}
