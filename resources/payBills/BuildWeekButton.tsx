import './messages';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import {
  Alert,
  Button,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  TextField,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { useId, useState } from 'react';
import { todayIso } from '../../schema/expiry';
import { weekStart } from '../../schema/period';
import { buildBillsBody } from '../../schema/resources/payBills';
import { ResponsiveDialog } from '../../ui/ResponsiveDialog';
import { usDate } from '../../ui/format';
import { useApiAction } from '../../ui/records/useApiAction';
import { useCanAccessFeature } from '../../ui/useCanAccessFeature';

interface BuildResult {
  weekStart: string;
  built: number[];
  rebuilt: number[];
  skipped: { driverId: number; driver: string; reason: string }[];
}

const lastMonday = () => {
  const monday = weekStart(todayIso());
  return new Date(new Date(`${monday}T00:00:00Z`).getTime() - 7 * 86_400_000).toISOString().slice(0, 10);
};

/**
 * Build the drafts of a week (POST /api/PayBills/build) for every driver; drafts already there are rebuilt, and
 * the dialog then says what was built and why any driver was left out (earlier week unpaid, nothing to pay …).
 */
export function BuildWeekButton() {
  const translate = useTranslate();
  const allowed = useCanAccessFeature('finances/pay-driver-bills', 'Create');
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [week, setWeek] = useState(lastMonday);
  const [result, setResult] = useState<BuildResult | null>(null);
  const action = useApiAction<{ value: BuildResult }>((answer) => setResult(answer.value));
  if (!allowed) return null;
  const checked = buildBillsBody.safeParse({ weekStart: week });
  const problem = checked.success ? undefined : checked.error.issues[0]?.message;
  const close = () => {
    setOpen(false);
    setResult(null);
  };
  return (
    <>
      <Button size="small" startIcon={<EventRepeatIcon />} onClick={() => setOpen(true)}>
        {translate('haulboard.pay_bills.build')}
      </Button>
      <ResponsiveDialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm">
        <DialogTitle id={titleId}>{translate('haulboard.pay_bills.build_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('haulboard.pay_bills.build_help')}</DialogContentText>
          <TextField
            type="date"
            label={translate('haulboard.pay_bills.week_of')}
            value={week}
            onChange={(event) => {
              setWeek(event.target.value);
              setResult(null);
            }}
            error={!!problem}
            helperText={
              problem ??
              (checked.success
                ? translate('haulboard.pay_bills.week_range', {
                    from: usDate(week),
                    to: usDate(
                      new Date(new Date(`${week}T00:00:00Z`).getTime() + 6 * 86_400_000).toISOString().slice(0, 10),
                    ),
                  })
                : undefined)
            }
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {result && (
            <Alert severity={result.skipped.length ? 'warning' : 'success'} sx={{ mt: 2 }} role="status">
              {translate('haulboard.pay_bills.build_result', {
                built: result.built.length,
                rebuilt: result.rebuilt.length,
                skipped: result.skipped.length,
              })}
              {result.skipped.length > 0 && (
                <List dense sx={{ maxHeight: 240, overflow: 'auto' }}>
                  {result.skipped.map((s) => (
                    <ListItem key={s.driverId} disableGutters>
                      <ListItemText primary={s.driver} secondary={s.reason} />
                    </ListItem>
                  ))}
                </List>
              )}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate(result ? 'ra.action.close' : 'ra.action.cancel')}</Button>
          <Button
            variant="contained"
            disabled={!checked.success || action.isPending}
            onClick={() =>
              checked.success &&
              action.mutate({ path: '/api/PayBills/build', body: checked.data, done: 'haulboard.pay_bills.built' })
            }
          >
            {translate('haulboard.pay_bills.build')}
          </Button>
        </DialogActions>
      </ResponsiveDialog>
    </>
  );
}
