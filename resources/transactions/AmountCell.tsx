import { Box } from '@mui/material';
import { signedMoney } from '../../ui/format';

type Row = { amount: number; direction: 'CREDIT' | 'DEBIT'; status?: string };

/** An entry's amount with its direction as a sign; a voided entry and its void are struck through (they net to zero). */
export function AmountCell({ row }: { row: Row }) {
  const struck = row.status === 'VOIDED' || row.status === 'VOID';
  return (
    <Box
      component="span"
      sx={{
        color: row.direction === 'CREDIT' ? 'success.dark' : 'text.primary',
        textDecoration: struck ? 'line-through' : undefined,
        whiteSpace: 'nowrap',
      }}
    >
      {signedMoney(row.amount, row.direction)}
    </Box>
  );
}
