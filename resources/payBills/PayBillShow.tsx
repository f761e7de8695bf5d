import './messages';
import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import PaymentsIcon from '@mui/icons-material/Payments';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import PrintIcon from '@mui/icons-material/Print';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Button, GlobalStyles } from '@mui/material';
import { Confirm, ListButton, Show, TopToolbar } from 'react-admin';
import { useNotify, useRecordContext, useTranslate } from 'ra-core';
import { useState } from 'react';
import { apiDownload } from '../../dataProvider/download';
import { addDays } from '../../schema/expiry';
import type { PayBillDto } from '../../schema/resources/payBills';
import { LoadProblem } from '../../ui/LoadProblem';
import { usDate, usMoney } from '../../ui/format';
import { HistoryButton } from '../../ui/records/HistoryButton';
import { useApiAction } from '../../ui/records/useApiAction';
import { useCanAccessFeature } from '../../ui/useCanAccessFeature';
import { PayDialog } from './PayDialog';
import { Statement } from './Statement';

const RESOURCE = 'finances/pay-driver-bills';

/** The statement as a PDF (GET /api/PayBills/{id}/statement.pdf), fetched with the session and saved. */
function PdfButton({ bill }: { bill: PayBillDto }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const name = `statement-${(bill.driverName ?? 'driver').toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${bill.weekStart}.pdf`;
      await apiDownload(`/api/PayBills/${bill.id}/statement.pdf`, name);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<PictureAsPdfIcon />} disabled={busy} onClick={download}>
      {translate('haulboard.pay_bills.pdf')}
    </Button>
  );
}

/** What approving posts, said before it is posted: whose ledger, which week, how many lines, the net. */
function approvalFacts(bill: PayBillDto) {
  return {
    driver: bill.driverName ?? '',
    from: usDate(bill.weekStart),
    to: usDate(addDays(bill.weekStart, 6)),
    lines: (bill.lines ?? []).filter((line) => line.kind === 'LOAD_PAY' || line.kind === 'DEDUCTION').length,
    net: usMoney(bill.net),
  };
}

/** The step that comes next, for who may take it: rebuild or approve a draft, pay an approved bill; print and PDF always. */
function BillActions() {
  const translate = useTranslate();
  const bill = useRecordContext<PayBillDto>();
  const canBuild = useCanAccessFeature(RESOURCE, 'Create');
  const canApprove = useCanAccessFeature(RESOURCE, 'Approve');
  const canPay = useCanAccessFeature(RESOURCE, 'Update');
  const action = useApiAction();
  const [paying, setPaying] = useState(false);
  const [approving, setApproving] = useState(false);
  if (!bill) return null;
  const step = (what: 'rebuild' | 'approve') =>
    action.mutate({
      path: `/api/PayBills/${bill.id}/${what}`,
      body: { version: bill.version },
      done: what === 'rebuild' ? 'haulboard.pay_bills.rebuilt' : 'haulboard.pay_bills.approved',
    });
  return (
    <TopToolbar className="no-print" sx={{ flexWrap: 'wrap' }}>
      {bill.status === 'DRAFT' && canBuild && (
        <Button size="small" startIcon={<RefreshIcon />} disabled={action.isPending} onClick={() => step('rebuild')}>
          {translate('haulboard.pay_bills.rebuild')}
        </Button>
      )}
      {bill.status === 'DRAFT' && canApprove && (
        <Button
          size="small"
          variant="contained"
          startIcon={<CheckIcon />}
          disabled={action.isPending}
          onClick={() => setApproving(true)}
        >
          {translate('haulboard.pay_bills.approve')}
        </Button>
      )}
      {bill.status === 'APPROVED' && canPay && (
        <Button size="small" variant="contained" startIcon={<PaymentsIcon />} onClick={() => setPaying(true)}>
          {translate('haulboard.pay_bills.pay')}
        </Button>
      )}
      <Button size="small" startIcon={<PrintIcon />} onClick={() => window.print()}>
        {translate('haulboard.pay_bills.print')}
      </Button>
      <PdfButton bill={bill} />
      <HistoryButton />
      <ListButton />
      {paying && <PayDialog bill={bill} open onClose={() => setPaying(false)} />}
      <Confirm
        isOpen={approving}
        loading={action.isPending}
        title="haulboard.pay_bills.approve_title"
        titleTranslateOptions={{ driver: bill.driverName ?? '' }}
        content="haulboard.pay_bills.approve_body"
        contentTranslateOptions={approvalFacts(bill)}
        confirm="haulboard.pay_bills.approve_confirm"
        onConfirm={() => {
          setApproving(false);
          step('approve');
        }}
        onClose={() => setApproving(false)}
      />
    </TopToolbar>
  );
}

function BillStatement() {
  const bill = useRecordContext<PayBillDto>();
  return bill ? <Statement bill={bill} /> : null;
}

/** Printing shows the statement alone: no bars, menus or buttons. */
const PRINT = {
  '@media print': {
    'header, nav, .RaSidebar-root, .no-print, .MuiSnackbar-root': { display: 'none !important' },
    '.RaLayout-content': { padding: 0 },
  },
};

/** One pay bill: its statement, and the next step (docs/product/finances.md#pay-bills). */
export default function PayBillShow() {
  return (
    <>
      <GlobalStyles styles={PRINT} />
      <Show actions={<BillActions />} title={<BillTitle />} error={<LoadProblem />}>
        <BillStatement />
      </Show>
    </>
  );
}

function BillTitle() {
  const bill = useRecordContext<PayBillDto>();
  return <>{bill ? `${bill.driverName} · ${usDate(bill.weekStart)}` : ''}</>;
}
