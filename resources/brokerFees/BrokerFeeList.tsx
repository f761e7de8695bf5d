import './messages';
import { Box } from '@mui/material';
import { useTranslate } from 'ra-core';
import {
  BROKER_FEE_METHOD_LABELS,
  type BrokerFeeDto,
  type BrokerFeeMethod,
  type BrokerFeeTotals,
  brokerFees,
} from '../../schema/resources/brokerFees';
import { Tag, type TagTone } from '../../ui/Tag';
import { usDate, usMoney } from '../../ui/format';
import DefinitionList from '../../ui/records/DefinitionList';
import { ListTotals, type TotalItem } from '../../ui/records/ListTotals';
import { StatusChip } from '../../ui/records/columns';
import { RecordLink } from '../../ui/records/links';
import { MarkPaidButton } from './MarkPaidButton';

/** What is owed and what was paid, of every fee the filter finds (the server sums them), not only this page's. */
const totals = (sums: BrokerFeeTotals, count: number): TotalItem[] => [
  { label: 'haulboard.broker_fees.totals.count', args: { smart_count: count } },
  { label: 'haulboard.broker_fees.totals.due', args: { amount: usMoney(sums.due) }, strong: true },
  { label: 'haulboard.broker_fees.totals.overdue', args: { amount: usMoney(sums.overdue) } },
  { label: 'haulboard.broker_fees.totals.paid', args: { amount: usMoney(sums.paid) } },
];

/** A due fee whose date is past says Overdue, in red; the others their status as declared. */
function Status({ fee }: { fee: BrokerFeeDto }) {
  const translate = useTranslate();
  if (fee.overdue) return <Tag tone="error">{translate('haulboard.broker_fees.overdue')}</Tag>;
  return (
    <StatusChip
      prefix="resources.broker-fee.choices.status"
      value={fee.status}
      colours={brokerFees.fields.status.choices!.colours as Record<string, TagTone>}
    />
  );
}

/**
 * Broker fees (/app/broker-fee, docs/product/finances.md#broker-fees): the shared list through transactions-filtered,
 * with the totals due, overdue and paid of the filtered set, each order linked; a due fee's Paid on cell marks it paid.
 */
export default function BrokerFeeList() {
  return (
    <DefinitionList
      header={<ListTotals items={totals} />}
      render={{
        // The order's screen is not a record definition: the link is made here.
        orderNumber: (row) => (
          <RecordLink resource="books/bookorders" id={row.bookOrderId as number}>
            {row.orderNumber as string}
          </RecordLink>
        ),
        dueOn: (row) =>
          row.overdue ? (
            <Box component="span" sx={{ color: 'error.main', fontWeight: 600 }}>
              {usDate(row.dueOn as string)}
            </Box>
          ) : (
            usDate(row.dueOn as string)
          ),
        status: (row) => <Status fee={row as unknown as BrokerFeeDto} />,
        // Not paid yet: the cell offers to mark it paid (to who may), where the date will be.
        paidOn: (row) =>
          row.paidOn ? usDate(row.paidOn as string) : <MarkPaidButton fee={row as unknown as BrokerFeeDto} />,
        // Words, not a chip: a payment method is a fact, not a state.
        paymentMethod: (row) =>
          row.paymentMethod ? BROKER_FEE_METHOD_LABELS[row.paymentMethod as BrokerFeeMethod] : null,
        // A 15-digit ACH trace: figures of one width, a size smaller, so it fits beside the rest on a laptop.
        reference: (row) =>
          row.reference ? (
            <Box component="span" sx={{ fontSize: '0.8125rem', fontVariantNumeric: 'tabular-nums' }}>
              {row.reference as string}
            </Box>
          ) : null,
      }}
      rowClick={false}
    />
  );
}
