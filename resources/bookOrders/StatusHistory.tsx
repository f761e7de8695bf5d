import { Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useRecordContext, useTranslate } from 'ra-core';
import { apiFetch, unwrap } from '../../dataProvider/http';
import { personName, usDateTime } from '../../ui/format';

interface HistoryRow {
  id: number;
  fromStatus: string | null;
  toStatus: string;
  at: string;
  note: string | null;
  actorFirstName: string | null;
  actorLastName: string | null;
}

/** The order's status changes, oldest first, beside the form. */
export function StatusHistory() {
  const translate = useTranslate();
  const record = useRecordContext<{ id: number; version: number }>();
  const { data, error } = useQuery({
    queryKey: ['book-order-history', record?.id, record?.version],
    queryFn: async () => unwrap<HistoryRow[]>(await apiFetch(`/api/BookOrder/${record!.id}/history`)),
    enabled: !!record,
  });
  return (
    <Card
      sx={{ ml: { md: 2 }, mt: { xs: 2, md: 0 }, width: { md: 260 }, flexShrink: 0, alignSelf: { md: 'flex-start' } }}
    >
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('haulboard.book_orders.history')}
        </Typography>
        {error && (
          <Typography color="error" variant="body2">
            {translate('haulboard.app.load_problem')}
          </Typography>
        )}
        <List dense>
          {(data ?? []).map((row) => (
            <ListItem key={row.id} disableGutters>
              <ListItemText
                primary={translate(`haulboard.book_orders.statuses.${row.toStatus}`)}
                secondary={`${usDateTime(row.at)}${row.actorFirstName ? ` · ${personName(row.actorFirstName, row.actorLastName)}` : ''}${row.note ? ` · ${row.note}` : ''}`}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
