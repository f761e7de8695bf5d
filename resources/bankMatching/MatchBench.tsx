import './messages';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  LinearProgress,
  Link,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Title } from 'react-admin';
import { useNotify, useTranslate } from 'ra-core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { dateIn } from '../../schema/businessDay';
import {
  BANK_TYPE_LABELS,
  type BankRowDto,
  type MatchDto,
  type MatchItemType,
  type OpenItemDto,
  type SuggestionDto,
} from '../../schema/bank';
import { fromCents, parseDollars, toCents } from '../../schema/money';
import { apiFetch, unwrap } from '../../dataProvider/http';
import { LoadProblem } from '../../ui/LoadProblem';
import { enumLabel, usCents, usDate, usMoney } from '../../ui/format';
import { HistoryButton } from '../../ui/records/HistoryButton';
import { useCanAccessFeature } from '../../ui/useCanAccessFeature';
import { BANK_API, BANK_SCREEN } from './api';
import { ExplainDialog, UndoDialog } from './dialogs';
import { StateTag } from './StateTag';
import { INVOICES_ROUTE } from '../../schema/invoices';
import { type DraftLine, lineKey, matchLineOf, paysShort, shortReasonInvalid, useMatchDraft } from './useMatchDraft';

type Row = BankRowDto & { matches: MatchDto[] };
interface Suggestions {
  left: number;
  candidates: SuggestionDto[];
  proposal: { lines: { itemType: MatchItemType; itemId: number; amount: number }[]; reason: string } | null;
}

const get = async <T,>(path: string, query?: Record<string, string | number | undefined>) =>
  unwrap<T>(await apiFetch(path, { query }));
/** Keys typed into a field are the field's, not the bench's. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) && (target as HTMLInputElement).type !== 'checkbox'));

/** The next row still to match after this one (oldest first), or the first when this was the last. */
async function nextToMatch(currentId: number): Promise<number | null> {
  const { items } = await get<{ items: BankRowDto[] }>(`${BANK_API}/transactions`, {
    state: 'TODO',
    sort: 'postedOn',
    size: 200,
  });
  const others = items.filter((r) => r.id !== currentId);
  const at = items.findIndex((r) => r.id === currentId);
  const after = at >= 0 ? items.slice(at + 1).find((r) => r.id !== currentId) : undefined;
  return (after ?? others[0])?.id ?? null;
}

/** The screens that open a matched item: its book order, its invoice. */
const ITEM_SCREEN: Partial<Record<MatchItemType, (id: number) => string>> = {
  BOOK_ORDER: (id) => `/app/books/bookorders/${id}`,
  INVOICE: (id) => `${INVOICES_ROUTE}/${id}`,
};

/** One candidate or found item: pick it (Space on the box), see why it was suggested, type the amount to apply. */
function ItemLine({
  item,
  picked,
  draft,
  onToggle,
  onChange,
  boxRef,
}: {
  item: OpenItemDto & { reasons?: string[] };
  picked: boolean;
  draft?: DraftLine;
  onToggle: () => void;
  onChange: (change: { amount?: string; shortReason?: string }) => void;
  boxRef?: (el: HTMLButtonElement | null) => void;
}) {
  const translate = useTranslate();
  // A typed amount is read digit by digit (schema/money.ts): a third decimal is not an amount.
  const cents = draft ? parseDollars(draft.amount) : null;
  const over = cents !== null && cents > toCents(item.left);
  // The label says what it is ("Order …", "Pay bill #…", "Broker fee, order …"); a screen reader hears the kind too.
  const label = `${translate(`haulboard.bank.bench.item_types.${item.itemType}`)}: ${item.label}`;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'auto 1fr', md: 'auto minmax(0, 2fr) minmax(0, 1.3fr) auto auto 150px' },
        gap: 1,
        alignItems: 'center',
        py: 0.75,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: picked ? 'action.selected' : undefined,
      }}
    >
      <Checkbox
        checked={picked}
        onChange={onToggle}
        slotProps={{
          input: { 'aria-label': `${translate('haulboard.bank.bench.pick')} ${label}`, ref: boxRef as never },
        }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {item.label}
        </Typography>
        {item.reasons && (
          <Typography variant="caption" color="text.secondary">
            {item.reasons.join(' · ')}
          </Typography>
        )}
      </Box>
      <Typography variant="body2" sx={{ gridColumn: { xs: '2', md: 'auto' } }}>
        {item.party}
      </Typography>
      <Typography variant="body2" sx={{ gridColumn: { xs: '2', md: 'auto' }, whiteSpace: 'nowrap' }}>
        {item.expectedOn ? `${translate('haulboard.bank.bench.due')} ${usDate(item.expectedOn)}` : ''}
      </Typography>
      <Typography
        variant="body2"
        sx={{ gridColumn: { xs: '2', md: 'auto' }, whiteSpace: 'nowrap', textAlign: { md: 'right' } }}
      >
        {translate('haulboard.bank.bench.item_left')} {usMoney(item.left)}
      </Typography>
      <Box sx={{ gridColumn: { xs: '2', md: 'auto' } }}>
        {picked && draft && (
          <TextField
            size="small"
            label={translate('haulboard.bank.bench.apply')}
            value={draft.amount}
            onChange={(e) => onChange({ amount: e.target.value })}
            error={cents === null || over}
            helperText={over ? translate('haulboard.bank.bench.over_item', { amount: usMoney(item.left) }) : undefined}
            slotProps={{
              htmlInput: { inputMode: 'decimal', 'aria-label': `${translate('haulboard.bank.bench.apply')}, ${label}` },
            }}
          />
        )}
      </Box>
      {picked && draft && paysShort(draft) && (
        <TextField
          size="small"
          sx={{ gridColumn: { xs: '2', md: '2 / -1' } }}
          label={translate('haulboard.bank.bench.short_reason')}
          value={draft.shortReason ?? ''}
          onChange={(e) => onChange({ shortReason: e.target.value })}
          error={shortReasonInvalid(draft)}
          helperText={translate('haulboard.bank.bench.short_help', {
            amount: usMoney(fromCents(toCents(item.left) - (cents ?? 0))),
          })}
          slotProps={{
            htmlInput: {
              maxLength: 200,
              'aria-label': `${translate('haulboard.bank.bench.short_reason')}, ${label}`,
            },
          }}
        />
      )}
    </Box>
  );
}

/**
 * The matching bench of one bank row (docs/product/bank.md#bank-matching), built for the keyboard: N next row, A accept
 * the suggestion, J/K move through the candidates, Space picks, Enter confirms, E explains, Esc goes back. What is left
 * to allocate is always in view; the lines being put together survive a refresh (session storage).
 */
export default function MatchBench() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { id = '' } = useParams();
  const canWrite = useCanAccessFeature('finances/match-transactions', 'Update');
  const draft = useMatchDraft(id);
  const rowQuery = useQuery({ queryKey: ['bank-row', id], queryFn: () => get<Row>(`${BANK_API}/transactions/${id}`) });
  const row = rowQuery.data;
  const suggestionsQuery = useQuery({
    queryKey: ['bank-suggestions', id, row?.version],
    enabled: !!row && row.state !== 'EXPLAINED' && row.left > 0,
    queryFn: () => get<Suggestions>(`${BANK_API}/transactions/${id}/suggestions`),
  });
  const [search, setSearch] = useState('');
  const [searched, setSearched] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setSearched(search.trim()), 250);
    return () => clearTimeout(t);
  }, [search]);
  const found = useQuery({
    queryKey: ['bank-open-items', row?.direction, searched],
    enabled: !!row && searched.length >= 2,
    queryFn: () =>
      get<{ items: OpenItemDto[] }>(`${BANK_API}/open-items`, {
        direction: row!.direction,
        search: searched,
        size: 10,
      }),
  });
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<{ kind: 'explain' } | { kind: 'undo'; matchId: number } | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const boxes = useRef<(HTMLButtonElement | null)[]>([]);

  const draftCents = draft.lines.reduce((sum, l) => sum + (parseDollars(l.amount) ?? 0), 0);
  const rowLeftCents = row ? toCents(row.left) : 0;
  const leftCents = rowLeftCents - draftCents;
  const invalid = draft.lines.some((l) => {
    const c = parseDollars(l.amount);
    return c === null || c <= 0 || c > toCents(l.left) || shortReasonInvalid(l);
  });

  const reload = useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['bank-row', id] }),
      queryClient.invalidateQueries({ queryKey: ['bank-open-items'] }),
      queryClient.invalidateQueries({ queryKey: ['bank-unmatched-report'] }),
      queryClient.invalidateQueries({ queryKey: ['finances/match-transactions'] }),
    ]);
  }, [queryClient, id]);

  const call = useCallback(
    async (path: string, body: unknown, done: string, onDone?: () => void) => {
      setBusy(true);
      setDialogError(null);
      try {
        await apiFetch(path, { method: 'POST', body });
        notify(done, { type: 'success' });
        onDone?.();
      } catch (error) {
        const message = (error as Error).message;
        if (dialog) setDialogError(message);
        notify(message, { type: 'error', autoHideDuration: 10_000 });
      } finally {
        setBusy(false);
        await reload();
      }
    },
    [notify, reload, dialog],
  );

  const confirm = useCallback(
    (lines: { itemType: MatchItemType; itemId: number; amount: number; shortReason?: string }[]) => {
      if (!row || !lines.length) return;
      void call(
        `${BANK_API}/transactions/${row.id}/matches`,
        { version: row.version, lines },
        'haulboard.bank.bench.confirmed',
        draft.clear,
      );
    },
    [row, call, draft.clear],
  );
  const confirmDraft = useCallback(() => {
    if (invalid || leftCents < 0 || !draft.lines.length) return;
    confirm(draft.lines.map(matchLineOf));
  }, [confirm, draft.lines, invalid, leftCents]);
  const proposal = suggestionsQuery.data?.proposal ?? null;
  const accept = useCallback(() => {
    if (proposal) confirm(proposal.lines);
  }, [proposal, confirm]);
  const goNext = useCallback(async () => {
    const next = row ? await nextToMatch(row.id) : null;
    if (next) navigate(`${BANK_SCREEN}/${next}`);
    else notify('haulboard.bank.bench.none_left', { type: 'info' });
  }, [row, navigate, notify]);

  const candidates = suggestionsQuery.data?.candidates ?? [];
  const onKeyDown = (event: globalThis.KeyboardEvent) => {
    if (dialog || event.ctrlKey || event.metaKey || event.altKey) {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && canWrite && !dialog) {
        event.preventDefault();
        confirmDraft();
      }
      return;
    }
    if (typing(event.target)) {
      if (event.key === 'Escape') (event.target as HTMLElement).blur();
      return;
    }
    const focused = boxes.current.findIndex((b) => b === document.activeElement);
    const key = event.key.toLowerCase();
    if (key === 'n') {
      event.preventDefault();
      void goNext();
    } else if (key === 'a' && canWrite && proposal) {
      event.preventDefault();
      accept();
    } else if (key === 'e' && canWrite && row?.state === 'OPEN') {
      event.preventDefault();
      setDialog({ kind: 'explain' });
    } else if (key === 'j' || key === 'arrowdown') {
      event.preventDefault();
      boxes.current[Math.min(candidates.length - 1, focused + 1)]?.focus();
    } else if (key === 'k' || key === 'arrowup') {
      event.preventDefault();
      boxes.current[Math.max(0, focused - 1)]?.focus();
    } else if (event.key === 'Enter' && canWrite) {
      event.preventDefault();
      confirmDraft();
    } else if (event.key === 'Escape') navigate(BANK_SCREEN);
  };

  // The bench's keys work wherever the focus is on the page (nothing focused, a checkbox, a button).
  const keys = useRef(onKeyDown);
  keys.current = onKeyDown;
  useEffect(() => {
    const listener = (event: globalThis.KeyboardEvent) => keys.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const pickedByKey = useMemo(() => new Map(draft.lines.map((l) => [lineKey(l), l])), [draft.lines]);
  if (rowQuery.error) return <LoadProblem />;
  if (!row) return <LinearProgress sx={{ m: 2 }} aria-label={translate('haulboard.bank.bench.title')} />;
  const active = row.matches.filter((m) => !m.undoneAt);
  const undone = row.matches.filter((m) => m.undoneAt);
  const open = row.state !== 'EXPLAINED' && row.left > 0;
  const draftOnly = draft.lines.filter(
    (l) =>
      !candidates.some((c) => lineKey(c) === lineKey(l)) &&
      !(found.data?.items ?? []).some((f) => lineKey(f) === lineKey(l)),
  );

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, maxWidth: 1280 }}>
      <Title title={translate('haulboard.bank.bench.title')} />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button size="small" startIcon={<ArrowBackIcon />} onClick={() => navigate(BANK_SCREEN)}>
          {translate('haulboard.bank.bench.back')}
        </Button>
        <Button
          size="small"
          startIcon={<SkipNextIcon />}
          onClick={() => void goNext()}
          variant={open ? 'text' : 'contained'}
        >
          {translate('haulboard.bank.bench.next')} (N)
        </Button>
        <HistoryButton id={row.id} />
      </Stack>

      <Card component="section" aria-labelledby="bank-row-title">
        <CardContent sx={{ display: 'grid', gap: 1 }}>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'baseline' }}>
            <Typography
              id="bank-row-title"
              variant="subtitle1"
              component="h2"
              sx={{ overflowWrap: 'anywhere', flex: '1 1 320px', fontFamily: 'monospace' }}
            >
              {row.description}
            </Typography>
            <Typography
              variant="h6"
              component="p"
              sx={{ whiteSpace: 'nowrap', color: row.direction === 'IN' ? 'success.main' : 'text.primary' }}
            >
              {usMoney(row.amount)}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', color: 'text.secondary', alignItems: 'center' }}>
            <span>{usDate(row.postedOn)}</span>
            <StateTag state={row.state} />
            <span>{translate(`haulboard.bank.directions.${row.direction}`)}</span>
            {row.type && <span>{enumLabel(BANK_TYPE_LABELS, row.type)}</span>}
            {row.checkNumber && (
              <span>
                {translate('haulboard.bank.fields.checkNumber')} {row.checkNumber}
              </span>
            )}
          </Box>
          {row.state === 'EXPLAINED' && (
            <Alert
              severity="info"
              action={
                canWrite ? (
                  <Button
                    color="inherit"
                    size="small"
                    disabled={busy}
                    onClick={() =>
                      void call(
                        `${BANK_API}/transactions/${row.id}/unexplain`,
                        { version: row.version },
                        'haulboard.bank.bench.unexplained_done',
                      )
                    }
                  >
                    {translate('haulboard.bank.bench.unexplain')}
                  </Button>
                ) : undefined
              }
            >
              {translate('haulboard.bank.bench.explained', {
                reason: translate(`haulboard.bank.explain.reasons.${row.explainReason}`),
              })}
              {row.explainNote ? `: ${row.explainNote}` : ''}
            </Alert>
          )}
        </CardContent>
      </Card>

      {open && (
        <Paper
          role="status"
          aria-live="polite"
          elevation={3}
          sx={{
            position: 'sticky',
            top: { xs: 56, sm: 64 },
            zIndex: 2,
            p: 1.5,
            display: 'flex',
            gap: 2,
            flexWrap: 'wrap',
            alignItems: 'center',
          }}
        >
          <Box sx={{ flex: '1 1 200px' }}>
            <Typography variant="overline" component="p">
              {translate('haulboard.bank.bench.left')}
            </Typography>
            <Typography
              variant="h5"
              component="p"
              data-testid="left-to-allocate"
              sx={{ color: leftCents < 0 ? 'error.main' : leftCents === 0 ? 'success.main' : 'text.primary' }}
            >
              {usCents(leftCents)}{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                {translate('haulboard.bank.bench.of', { amount: usMoney(row.left) })}
              </Typography>
            </Typography>
            {leftCents < 0 && (
              <Typography variant="body2" color="error">
                {translate('haulboard.bank.bench.over', { amount: usCents(-leftCents) })}
              </Typography>
            )}
          </Box>
          {canWrite && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {proposal && (
                <Button variant="outlined" disabled={busy} onClick={accept}>
                  {translate('haulboard.bank.bench.accept')} (A)
                </Button>
              )}
              <Button
                variant="contained"
                disabled={busy || !draft.lines.length || invalid || leftCents < 0}
                onClick={confirmDraft}
              >
                {translate('haulboard.bank.bench.confirm_amount', { amount: usCents(draftCents) })}
              </Button>
              {!!draft.lines.length && <Button onClick={draft.clear}>{translate('haulboard.bank.bench.clear')}</Button>}
              {row.state === 'OPEN' && (
                <Button color="inherit" onClick={() => setDialog({ kind: 'explain' })}>
                  {translate('haulboard.bank.bench.explain')} (E)
                </Button>
              )}
            </Stack>
          )}
        </Paper>
      )}
      {!open && row.state !== 'EXPLAINED' && (
        <Alert severity="success">{translate('haulboard.bank.bench.matched_all')}</Alert>
      )}

      {open && (
        <Card component="section" aria-labelledby="bank-suggestions-title">
          <CardContent>
            <Typography id="bank-suggestions-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {translate('haulboard.bank.bench.suggestions')}
            </Typography>
            {suggestionsQuery.isPending && (
              <LinearProgress aria-label={translate('haulboard.bank.bench.suggestions')} />
            )}
            {proposal && (
              <Alert severity="success" sx={{ my: 1 }}>
                {translate('haulboard.bank.bench.proposal', { reason: proposal.reason })}
              </Alert>
            )}
            {suggestionsQuery.data && !candidates.length && (
              <Typography color="text.secondary">{translate('haulboard.bank.bench.no_suggestions')}</Typography>
            )}
            {candidates.map((c, index) => (
              <ItemLine
                key={lineKey(c)}
                item={c}
                picked={pickedByKey.has(lineKey(c))}
                draft={pickedByKey.get(lineKey(c))}
                onToggle={() => draft.toggle(c, row.left)}
                onChange={(change) => draft.setLine(lineKey(c), change)}
                boxRef={(el) => {
                  boxes.current[index] = el;
                }}
              />
            ))}
            {draftOnly.map((l) => (
              <ItemLine
                key={lineKey(l)}
                item={{
                  ...l,
                  direction: row.direction,
                  reference: null,
                  amount: l.left,
                  settled: 0,
                  expectedOn: null,
                  ageDays: null,
                }}
                picked
                draft={l}
                onToggle={() =>
                  draft.toggle(
                    {
                      ...l,
                      direction: row.direction,
                      reference: null,
                      amount: l.left,
                      settled: 0,
                      expectedOn: null,
                      ageDays: null,
                    },
                    row.left,
                  )
                }
                onChange={(change) => draft.setLine(lineKey(l), change)}
              />
            ))}
            <TextField
              sx={{ mt: 2 }}
              fullWidth
              size="small"
              label={translate('haulboard.bank.bench.find')}
              helperText={translate('haulboard.bank.bench.find_help')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              type="search"
            />
            {found.data && !found.data.items.length && (
              <Typography color="text.secondary">{translate('haulboard.bank.bench.find_none')}</Typography>
            )}
            {found.data?.items
              .filter((f) => !candidates.some((c) => lineKey(c) === lineKey(f)))
              .map((f) => (
                <ItemLine
                  key={lineKey(f)}
                  item={f}
                  picked={pickedByKey.has(lineKey(f))}
                  draft={pickedByKey.get(lineKey(f))}
                  onToggle={() => draft.toggle(f, row.left)}
                  onChange={(change) => draft.setLine(lineKey(f), change)}
                />
              ))}
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
              {translate('haulboard.bank.bench.keys')}
            </Typography>
          </CardContent>
        </Card>
      )}

      {!!row.matches.length && (
        <Card component="section" aria-labelledby="bank-matches-title">
          <CardContent sx={{ display: 'grid', gap: 1 }}>
            <Typography id="bank-matches-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {translate('haulboard.bank.bench.matches')}
            </Typography>
            {[...active, ...undone].map((m) => (
              <Box
                key={m.id}
                sx={{ borderBottom: 1, borderColor: 'divider', pb: 1, opacity: m.undoneAt ? 0.6 : 1 }}
                data-testid="bank-match"
              >
                <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography
                    variant="body2"
                    sx={{ fontWeight: 600, textDecoration: m.undoneAt ? 'line-through' : undefined }}
                  >
                    {usMoney(m.amount)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
                    {m.undoneAt
                      ? translate('haulboard.bank.bench.undone', {
                          time: usDate(dateIn(m.undoneAt)),
                          user: m.undoneBy ?? '',
                          reason: m.undoReason ?? '',
                        })
                      : translate('haulboard.bank.bench.matched_by', {
                          time: usDate(dateIn(m.matchedAt)),
                          user: m.matchedBy ?? '',
                        })}
                  </Typography>
                  {!m.undoneAt && canWrite && (
                    <Button
                      size="small"
                      color="warning"
                      onClick={() => {
                        setDialogError(null);
                        setDialog({ kind: 'undo', matchId: m.id });
                      }}
                    >
                      {translate('haulboard.bank.bench.undo')}
                    </Button>
                  )}
                </Box>
                {m.lines.map((l) => (
                  <Typography key={lineKey(l)} variant="body2" sx={{ pl: 2 }}>
                    {ITEM_SCREEN[l.itemType] ? (
                      <Link component={RouterLink} to={ITEM_SCREEN[l.itemType]!(l.itemId)}>
                        {l.label}
                      </Link>
                    ) : (
                      l.label
                    )}{' '}
                    · {usMoney(l.amount)}
                  </Typography>
                ))}
              </Box>
            ))}
          </CardContent>
        </Card>
      )}

      {dialog?.kind === 'explain' && (
        <ExplainDialog
          open
          version={row.version}
          busy={busy}
          error={dialogError}
          onClose={() => setDialog(null)}
          onSave={(body) =>
            void call(`${BANK_API}/transactions/${row.id}/explain`, body, 'haulboard.bank.bench.explained_done', () =>
              setDialog(null),
            )
          }
        />
      )}
      {dialog?.kind === 'undo' && (
        <UndoDialog
          open
          busy={busy}
          error={dialogError}
          onClose={() => setDialog(null)}
          onSave={(body) =>
            void call(`${BANK_API}/matches/${dialog.matchId}/undo`, body, 'haulboard.bank.bench.undone_done', () =>
              setDialog(null),
            )
          }
        />
      )}
    </Box>
  );
}
