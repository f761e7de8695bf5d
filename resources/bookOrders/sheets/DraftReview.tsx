import './messages';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Alert, Box, Button, Link, Skeleton, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { ResourceContextProvider, useNotify, useTranslate } from 'ra-core';
import { type ReactNode, useMemo, useState } from 'react';
import { Confirm, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { apiDownload } from '../../../dataProvider/download';
import { apiFetch, unwrap } from '../../../dataProvider/http';
import { bookOrderInput } from '../../../schema/bookOrders';
import type { SheetSpot } from '../../../schema/dispatchSheets';
import type { OrderDraftDto } from '../../../schema/orderDrafts';
import { DetailShell } from '../../../ui/DetailShell';
import { LoadProblem } from '../../../ui/LoadProblem';
import { VALIDATE_AS_YOU_TYPE, useFormSetup } from '../../../ui/records/RecordForms';
import { useHoldsFeature } from '../../../ui/useCanAccessFeature';
import { BookOrderInputs, defaultDispatcherId } from '../BookOrderInputs';
import { RESOURCE as BOOK_ORDERS } from '../api';
import { DuplicateWarning } from '../DuplicateWarning';
import { DispatchRulesWarning, withoutBlankOverride } from '../DispatchRulesWarning';
import { DISPATCH_SHEETS_ROUTE, draftApi, useDraft } from './api';
import { controlsOf, doubtful } from './fieldHints';
import { FieldsToCheck, NewParty, SameFile } from './ReviewParts';
import { SheetView } from './SheetView';

type T = (key: string, args?: Record<string, unknown>) => string;

function Actions({ draft, t }: { draft: OrderDraftDto; t: T }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canDiscard = useHoldsFeature(DISPATCH_SHEETS_ROUTE, 'Delete');
  const [asking, setAsking] = useState(false);
  const discard = async () => {
    try {
      await apiFetch(`${draftApi(draft.id)}/discard`, { method: 'POST', body: { version: draft.version } });
      await queryClient.invalidateQueries({ queryKey: ['order-drafts'] });
      notify(t('discarded'), { type: 'info' });
      navigate(DISPATCH_SHEETS_ROUTE);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
      <SaveButton label="haulboard.sheets.book" alwaysEnable />
      {canDiscard && (
        <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setAsking(true)}>
          {t('discard')}
        </Button>
      )}
      <Confirm
        isOpen={asking}
        title={t('discard_title')}
        content={t('discard_body')}
        confirm={t('discard')}
        onConfirm={() => void discard()}
        onClose={() => setAsking(false)}
      />
    </Toolbar>
  );
}

/** The reviewed draft's form: the order form filled from the sheet, the doubtful fields marked, booked on save. */
function ReviewForm({ draft, onSpot, t }: { draft: OrderDraftDto; onSpot: (spot: SheetSpot | null) => void; t: T }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { resolver, probe } = useFormSetup(bookOrderInput, withoutBlankOverride);
  const toCheck = useMemo(() => doubtful(draft.hints), [draft.hints]);
  const defaults = useMemo(
    () => ({ ...draft.proposal, dispatcherId: draft.proposal.dispatcherId ?? defaultDispatcherId() }),
    [draft.proposal],
  );
  const book = async (values: Record<string, unknown>) => {
    try {
      const booked = unwrap<{ id: number; orderNumber: string }>(
        await apiFetch(`${draftApi(draft.id)}/book`, {
          method: 'POST',
          body: { version: draft.version, order: withoutBlankOverride(values) },
        }),
      );
      await queryClient.invalidateQueries({ queryKey: ['order-drafts'] });
      await queryClient.invalidateQueries({ queryKey: ['order-draft', draft.id] });
      notify(t('booked', { order: booked.orderNumber }), { type: 'success' });
      navigate(DISPATCH_SHEETS_ROUTE);
    } catch (error) {
      notify((error as Error).message, { type: 'error', multiLine: true });
    }
  };
  const show = (path: string) => onSpot(draft.hints[path]?.spot ?? null);
  return (
    <Box
      onFocusCapture={(event) => {
        const target = event.target as HTMLInputElement;
        const path = target.name || target.id;
        if (path && draft.hints[path]) show(path);
      }}
      sx={(theme) => ({
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: 1,
        minWidth: 0,
        // A vehicle's inputs wrap in the narrower column beside the sheet rather than squeeze.
        '& .RaSimpleFormIterator-form': { flexWrap: 'wrap', rowGap: 1 },
        ...(toCheck.length && {
          [`& :is(${controlsOf(toCheck.map(([path]) => path))}) .MuiInputBase-root`]: {
            bgcolor: alpha(theme.palette.warning.main, 0.18),
          },
        }),
      })}
    >
      <FieldsToCheck fields={toCheck} onShow={show} />
      {/* The order form's inputs are the book orders' (their words, their vehicle rows). */}
      <ResourceContextProvider value={BOOK_ORDERS}>
        <SimpleForm
          defaultValues={defaults}
          resolver={resolver}
          onSubmit={(values: Record<string, unknown>) => book(values)}
          toolbar={<Actions draft={draft} t={t} />}
          {...VALIDATE_AS_YOU_TYPE}
        >
          {probe}
          <SameFile draft={draft} />
          <NewParty draft={draft} party="broker" />
          <NewParty draft={draft} party="shipper" />
          <BookOrderInputs />
          <DuplicateWarning />
          <DispatchRulesWarning />
        </SimpleForm>
      </ResourceContextProvider>
    </Box>
  );
}

/**
 * A draft's review (docs/product/dispatch-sheets.md#review): the order form filled from the sheet beside the sheet
 * itself; selecting a field outlines where it was read. A booked or discarded draft says so and links its order.
 */
export default function DraftReview() {
  const translate = useTranslate();
  const t: T = (key, args) => translate(`haulboard.sheets.${key}`, args);
  const id = Number(useParams().id);
  const { data: draft, isPending, error } = useDraft(id);
  const [spot, setSpot] = useState<SheetSpot | null>(null);
  const shell = (title: string, body: ReactNode) => (
    <DetailShell title={title} back={{ to: DISPATCH_SHEETS_ROUTE, label: t('back') }} maxWidth={1600}>
      {body}
    </DetailShell>
  );
  if (error) return shell(t('title'), <LoadProblem />);
  if (isPending) return shell(t('title'), <Skeleton variant="rectangular" height={400} />);
  const doubtfulSpots = doubtful(draft.hints)
    .map(([, hint]) => hint.spot)
    .filter((s): s is SheetSpot => s !== null);
  return shell(
    t('review_title', { file: draft.fileName }),
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1 }}>
        <Typography variant="h6" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {draft.fileName}
        </Typography>
        <Typography color="text.secondary">
          {t('read_as', { layout: t(`layouts.${draft.layout}`) })} · {draft.summary}
        </Typography>
        <Link
          component="button"
          type="button"
          onClick={() => void apiDownload(`${draftApi(draft.id)}/file`, draft.fileName)}
        >
          {t('open_pdf')}
        </Link>
      </Box>
      {draft.status !== 'OPEN' ? (
        <Alert severity="info">
          {t('closed', { status: t(`statuses.${draft.status}`) })}{' '}
          {draft.bookOrderId && (
            <Link component={RouterLink} to={`/app/books/bookorders/${draft.bookOrderId}/edit`}>
              {t('booked_as')} {draft.orderNumber}
            </Link>
          )}
        </Alert>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
            alignItems: 'start',
          }}
        >
          <ReviewForm draft={draft} onSpot={setSpot} t={t} />
          <Box sx={{ position: { lg: 'sticky' }, top: { lg: 72 } }}>
            <SheetView draftId={draft.id} pages={draft.reading.pages} spot={spot} doubtful={doubtfulSpots} />
          </Box>
        </Box>
      )}
    </Box>,
  );
}
