import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { type FormEvent, useId, useState } from 'react';
import type { CalendarEvent } from '../../schema/calendar';
import { isCalendarDate } from '../../schema/common';
import { DRIVER_EVENT_LABELS } from '../../schema/resources/driverEvents';
import { usDate } from '../../ui/format';
import { usePhone } from '../../ui/usePhone';

/** "Move to…": the keyboard's and the menu's way to move an event, as dragging it does — a new first day, its length kept. */
export function MoveDialog({
  event,
  onClose,
  onMove,
}: {
  event: CalendarEvent;
  onClose: () => void;
  onMove: (startOn: string) => void;
}) {
  const translate = useTranslate();
  const phone = usePhone();
  const titleId = useId();
  const [day, setDay] = useState(event.startOn);
  const valid = isCalendarDate(day);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid && day !== event.startOn) onMove(day);
    else if (day === event.startOn) onClose();
  };
  return (
    <Dialog open onClose={onClose} fullScreen={phone} aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {translate('haulboard.calendar.move_title', {
            event: DRIVER_EVENT_LABELS[event.type],
            day: usDate(event.startOn),
          })}
        </DialogTitle>
        <DialogContent>
          <TextField
            type="date"
            label={translate('haulboard.calendar.new_first_day')}
            value={day}
            onChange={(e) => setDay(e.target.value)}
            autoFocus
            fullWidth
            margin="dense"
            error={!valid}
            helperText={
              valid ? translate('haulboard.calendar.length_kept') : translate('haulboard.calendar.choose_day')
            }
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!valid}>
            {translate('haulboard.calendar.move')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
