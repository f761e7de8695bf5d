import { Box, Card, CardActionArea, CardContent, Collapse, Typography } from '@mui/material';
import { type RaRecord, RecordContextProvider, useListContext, useResourceContext, useTranslateLabel } from 'ra-core';
import { Children, type ReactElement, type ReactNode, isValidElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { WithExpiry } from './ExpiryChips';
import { ExpandToggle, expandPanelId, useRowExpanded } from './ExpandToggle';
import { ListEmpty, ListSkeleton } from './ListStates';
import { lonelyLinkTarget } from '../shellSizes';

/** The props of a DataTable.Col the cards read (the same declarations the table has). */
interface ColumnProps {
  source: string;
  label?: string;
  render?: (record: RaRecord) => ReactNode;
  /** DataTable.NumberCol's number format (money …). */
  options?: Intl.NumberFormatOptions;
}

/** The edge colour of a record with an expired (red) or due (amber) date, as the table's rows have. */
function edgeOf(record: WithExpiry): string | undefined {
  const items = record.expiry ?? [];
  if (!items.length) return undefined;
  return items.some((item) => item.state === 'expired') ? 'error.main' : 'warning.main';
}

function Value({ column, record }: { column: ColumnProps; record: RaRecord }) {
  const raw = record[column.source];
  const value = column.render
    ? column.render(record)
    : column.options && typeof raw === 'number'
      ? raw.toLocaleString('en-US', column.options)
      : (raw as ReactNode);
  return <>{value === null || value === undefined || value === '' ? '—' : value}</>;
}

/** A line with nothing to say is left out (a record with no expiration due has no expiration line). */
const isEmpty = (column: ColumnProps, record: RaRecord) =>
  Array.isArray(record[column.source]) && (record[column.source] as unknown[]).length === 0;

/** A card's panel under it, open while its toggle says so (the same state as the table's rows). */
function CardPanel({ panel, resource, id }: { panel: ReactElement; resource: string; id: string | number }) {
  const [expanded] = useRowExpanded();
  return (
    <Collapse in={expanded} unmountOnExit id={expandPanelId(resource, id)}>
      <Box sx={{ px: 2, pb: 1.5 }}>{panel}</Box>
    </Collapse>
  );
}

/**
 * A list on a phone: each record a card, from the same column declarations as the table (no sideways scrolling
 * through nine columns). The first column is the card's heading; the others are labelled lines; `actions` is the
 * last column (delete/restore), kept out of the link.
 */
export function CardList({
  children,
  hiddenColumns = [],
  rowClick,
  onSelect,
  actions,
  expand,
  empty,
}: {
  children: ReactNode;
  hiddenColumns?: readonly string[];
  rowClick: false | ((id: string | number) => string);
  /** A tap chooses the record instead of leading anywhere. */
  onSelect?: (record: RaRecord) => void;
  actions?: string;
  /** Each card opens, under its lines, what `panel` shows of its record (RecordList's expand). */
  expand?: { panel: ReactElement; label: string; text?: string };
  /** What the list says when nothing matches. */
  empty?: ReactElement;
}) {
  const { data, isPending } = useListContext();
  const resource = useResourceContext();
  const translateLabel = useTranslateLabel();
  const columns = Children.toArray(children)
    .filter(
      (child): child is ReactElement<ColumnProps> => isValidElement(child) && !!(child.props as ColumnProps).source,
    )
    .map((child) => child.props)
    .filter((column) => !hiddenColumns.includes(column.source));
  const [title, ...lines] = columns.filter((column) => column.source !== actions);
  const actionColumn = columns.find((column) => column.source === actions);
  if (!title) return null;
  if (isPending || !data) return <ListSkeleton />;
  if (!data.length) return empty ?? <ListEmpty />;
  const label = (column: ColumnProps) => translateLabel({ label: column.label, source: column.source, resource });
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {data.map((record) => {
        const body = (
          <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
            <Typography variant="subtitle1" component="h3" sx={[{ fontWeight: 600 }, lonelyLinkTarget]}>
              <Value column={title} record={record} />
            </Typography>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: 'max-content minmax(0, 1fr)',
                columnGap: 1.5,
                rowGap: 0.5,
                m: 0,
                mt: 0.5,
              }}
            >
              {lines
                .filter((column) => !isEmpty(column, record))
                .map((column) => (
                  <Box key={column.source} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {label(column)}
                    </Typography>
                    {/* Chips wrap their words here instead of cutting them short. */}
                    <Typography
                      component="dd"
                      variant="body2"
                      sx={[
                        {
                          m: 0,
                          overflowWrap: 'anywhere',
                          '& .MuiChip-root': { height: 'auto', maxWidth: '100%' },
                          '& .MuiChip-label': { whiteSpace: 'normal' },
                        },
                        lonelyLinkTarget,
                      ]}
                    >
                      <Value column={column} record={record} />
                    </Typography>
                  </Box>
                ))}
            </Box>
          </CardContent>
        );
        const edge = edgeOf(record as WithExpiry);
        return (
          <RecordContextProvider key={record.id} value={record}>
            <Card
              component="li"
              variant="outlined"
              sx={{
                borderLeft: edge ? '4px solid' : undefined,
                borderLeftColor: edge,
                opacity: record.deleted ? 0.6 : 1,
              }}
            >
              {onSelect ? (
                <CardActionArea onClick={() => onSelect(record)}>{body}</CardActionArea>
              ) : rowClick ? (
                <CardActionArea component={RouterLink} to={rowClick(record.id)}>
                  {body}
                </CardActionArea>
              ) : (
                body
              )}
              {actionColumn && (
                <Box sx={{ px: 2, pb: 1 }}>
                  <Value column={actionColumn} record={record} />
                </Box>
              )}
              {expand && (
                <>
                  <Box sx={{ px: 1, pb: 1 }}>
                    <ExpandToggle label={expand.label} text={expand.text} variant="text" />
                  </Box>
                  <CardPanel panel={expand.panel} resource={resource ?? ''} id={record.id} />
                </>
              )}
            </Card>
          </RecordContextProvider>
        );
      })}
    </Box>
  );
}
