import './messages';
import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import PaymentsIcon from '@mui/icons-material/Payments';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import PrintIcon from '@mui/icons-material/Print';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Button, GlobalStyles } from '@mui/material';
import { ListButton, Show, TopToolbar } from 'react-admin';
import { useNotify, useRecordContext, useTranslate } from 'ra-core';
import { useState } from 'react';
import { getToken } from '../../dataProvider/session';
import { buildUrl, errorMessage } from '../../dataProvider/http';
import type { PayBillDto } from '../../schema/resources/payBills';
import { LoadProblem } from '../../ui/LoadProblem';
import { usDate } from '../../ui/format';
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
      const response = await fetch(buildUrl(`/api/PayBills/${bill.id}/statement.pdf`), { headers: { authorization: `Bearer ${getToken()}` } });
      if (!response.ok) throw new Error(errorMessage(await response.json().catch(() => null), 'haulboard.app.something_went_wrong'));
      const url = URL.createObjectURL(await response.blob());
      const name = `statement-${(bill.driverName ?? 'driver').toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${bill.weekStart}.pdf`;
      Object.assign(document.createElement('a'), { href: url, download: name }).click();
      URL.revokeObjectURL(url);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return <Button size="small" startIcon={<PictureAsPdfIcon />} disabled={busy} onClick={download}>{translate('haulboard.pay_bills.pdf')}</Button>;
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
  if (!bill) return null;
  const step = (what: 'rebuild' | 'approve') => action.mutate({ path: `/api/PayBills/${bill.id}/${what}`, body: { version: bill.version }, done: what === 'rebuild' ? 'haulboard.pay_bills.rebuilt' : 'haulboard.pay_bills.approved' });
  return (
    <TopToolbar className="no-print" sx={{ flexWrap: 'wrap' }}>
      {bill.status === 'DRAFT' && canBuild && <Button size="small" startIcon={<RefreshIcon />} disabled={action.isPending} onClick={() => step('rebuild')}>{translate('haulboard.pay_bills.rebuild')}</Button>}
      {bill.status === 'DRAFT' && canApprove && <Button size="small" variant="contained" startIcon={<CheckIcon />} disabled={action.isPending} onClick={() => step('approve')}>{translate('haulboard.pay_bills.approve')}</Button>}
      {bill.status === 'APPROVED' && canPay && <Button size="small" variant="contained" startIcon={<PaymentsIcon />} onClick={() => setPaying(true)}>{translate('haulboard.pay_bills.pay')}</Button>}
      <Button size="small" startIcon={<PrintIcon />} onClick={() => window.print()}>{translate('haulboard.pay_bills.print')}</Button>
      <PdfButton bill={bill} />
      <HistoryButton />
      <ListButton />
      {paying && <PayDialog bill={bill} open onClose={() => setPaying(false)} />}
    </TopToolbar>
  );
}

function BillStatement() {
  const bill = useRecordContext<PayBillDto>();
  return bill ? <Statement bill={bill} /> : null;
}

/** Printing shows the statement alone: no bars, menus or buttons. */
const PRINT = { '@media print': { 'header, nav, .RaSidebar-root, .no-print, .MuiSnackbar-root': { display: 'none !important' }, '.RaLayout-content': { padding: 0 } } };

/** One pay bill: its statement, and the next step (issue 14 item 3). */
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
