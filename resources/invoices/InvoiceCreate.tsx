import './messages';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormGroup,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { Form, SelectInput, Title } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { apiFetch, unwrap } from '../../dataProvider/http';
import { countText } from '../../schema/format';
import {
  type BillableOrderDto,
  type InvoiceBatchDto,
  type InvoiceDto,
  PAYER_KINDS,
  type PayerKind,
} from '../../schema/invoices';
import { chargeTakes, PRODUCT_CHARGE_LABELS } from '../../schema/products';
import type { ProductDto } from '../../schema/resources/products';
import { usCents, usDate, usMoney } from '../../ui/format';
import { BrokerInput, ShipperInput } from '../../ui/records/pickers';
import { useApiList } from '../../ui/useApiList';
import { INVOICES_PATH, invoicePath } from './api';
import { useFactorChoices } from './InvoiceFactoring';

/** A product's price as the list of choices says it: "$250.00 per vehicle", "4.5% of linehaul". */
const priceText = (product: ProductDto) =>
  chargeTakes(product.charge) === 'percent'
    ? `${product.percent}% of linehaul`
    : `${usMoney(product.price)} ${PRODUCT_CHARGE_LABELS[product.charge].toLowerCase()}`;

/** The payer's delivered orders to tick, the extra products, and the button that makes the draft. */
function Billable({ initialOrder }: { initialOrder: number | null }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const payerKind = useWatch({ name: 'payerKind' }) as PayerKind;
  const payerId = useWatch({ name: payerKind === 'BROKER' ? 'brokerId' : 'shipperId' }) as number | undefined;
  const [picked, setPicked] = useState<Set<number>>(new Set(initialOrder ? [initialOrder] : []));
  const [products, setProducts] = useState<Set<number>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // '' the payer's factor (the server's default), 'none' none, else a factor's id (docs/product/factoring.md#per-invoice).
  const [factor, setFactor] = useState('');
  const factors = useFactorChoices();
  const { data: orders } = useQuery({
    queryKey: ['invoice-billable', payerKind, payerId],
    enabled: !!payerId,
    queryFn: async () =>
      unwrap<BillableOrderDto[]>(await apiFetch('/api/Invoices/billable', { query: { payerKind, payerId } })),
  });
  const { data: catalogue } = useApiList<ProductDto>('/api/Products?active=true&size=100');
  const extras = (catalogue ?? []).filter((product) => product.charge !== 'ORDER_PRICE');
  if (!payerId) return <Typography color="text.secondary">{translate('haulboard.invoices.choose_payer')}</Typography>;
  const toggle = (set: Set<number>, id: number) => {
    const next = new Set(set);
    if (!next.delete(id)) next.add(id);
    return next;
  };
  const chosen = (orders ?? []).filter((order) => picked.has(order.id));
  const make = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const invoice = unwrap<InvoiceDto>(
        await apiFetch('/api/Invoices', {
          method: 'POST',
          body: {
            payerKind,
            payerId,
            orderIds: chosen.map((order) => order.id),
            products: [...products].map((productId) => ({ productId })),
            ...(factor === '' ? {} : { factoringCompanyId: factor === 'none' ? null : Number(factor) }),
          },
        }),
      );
      notify(translate('haulboard.invoices.created', { number: invoice.numberText }), { type: 'success' });
      navigate(invoicePath(invoice.id));
    } catch (failure) {
      setProblem((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  /** Each ticked order on an invoice of its own (POST /api/Invoices/batch), then back to the list. */
  const makeEach = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = unwrap<InvoiceBatchDto>(
        await apiFetch('/api/Invoices/batch', {
          method: 'POST',
          body: { payerKind, orderIds: chosen.map((order) => order.id) },
        }),
      );
      notify(
        translate('haulboard.invoices.batch_made', {
          smart_count: answer.made.length,
          refused: answer.refused.length,
        }),
        { type: answer.refused.length ? 'warning' : 'success' },
      );
      navigate(INVOICES_PATH);
    } catch (failure) {
      setProblem((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Typography variant="subtitle1" component="h2">
          {translate('haulboard.invoices.delivered')}
        </Typography>
        {orders && !orders.length && (
          <Typography color="text.secondary">{translate('haulboard.invoices.none_delivered')}</Typography>
        )}
        <FormGroup>
          {(orders ?? []).map((order) => (
            <FormControlLabel
              key={order.id}
              control={<Checkbox checked={picked.has(order.id)} onChange={() => setPicked(toggle(picked, order.id))} />}
              label={translate('haulboard.invoices.order_line', {
                number: order.orderNumber,
                vehicles: countText(order.vehicleCount, 'vehicle'),
                date: usDate(order.deliveryDate),
                price: usCents(order.priceCents),
              })}
            />
          ))}
        </FormGroup>
      </Box>
      <Box>
        <Typography variant="subtitle1" component="h2">
          {translate('haulboard.invoices.products')}
        </Typography>
        <FormGroup>
          {extras.map((product) => (
            <FormControlLabel
              key={product.id}
              control={
                <Checkbox
                  checked={products.has(product.id)}
                  onChange={() => setProducts(toggle(products, product.id))}
                />
              }
              label={`${product.name} (${priceText(product)})`}
            />
          ))}
        </FormGroup>
      </Box>
      <TextField
        select
        label={translate('haulboard.invoices.factoring.label')}
        value={factor}
        onChange={(event) => setFactor(event.target.value)}
        fullWidth
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ maxWidth: 480 }}
      >
        <MenuItem value="">{translate('haulboard.invoices.factoring.payer_default')}</MenuItem>
        <MenuItem value="none">{translate('haulboard.invoices.factoring.none')}</MenuItem>
        {factors.map((choice) => (
          <MenuItem key={choice.value} value={choice.value}>
            {choice.label}
          </MenuItem>
        ))}
      </TextField>
      {problem && <Alert severity="error">{problem}</Alert>}
      <Box>
        <Button variant="contained" disabled={busy || !chosen.length} onClick={() => void make()}>
          {translate('haulboard.invoices.create')}
        </Button>
        {chosen.length > 1 && !products.size && (
          <Button sx={{ ml: 1 }} disabled={busy} onClick={() => void makeEach()}>
            {translate('haulboard.invoices.create_each', { smart_count: chosen.length })}
          </Button>
        )}
      </Box>
    </Box>
  );
}

/**
 * A new invoice (docs/product/invoices.md#making-one): who pays (a broker or a shipper), then its delivered orders on no
 * invoice and the extra products; the draft opens once made. From a book order's Invoice action the address carries
 * the order and its broker (?orderId=&brokerId=), already chosen.
 */
export default function InvoiceCreate() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const orderId = Number(params.get('orderId')) || null;
  const brokerId = Number(params.get('brokerId')) || undefined;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 900 }}>
      <Title title={translate('haulboard.invoices.new_title')} />
      <Card>
        <CardContent>
          <Form defaultValues={{ payerKind: 'BROKER', brokerId }}>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <SelectInput
                source="payerKind"
                label="haulboard.invoices.payer_kind"
                choices={PAYER_KINDS.map((id) => ({ id, name: `haulboard.invoices.${id.toLowerCase()}` }))}
                helperText={false}
                sx={{ minWidth: 160 }}
              />
              <PayerInput />
            </Box>
            <Billable initialOrder={orderId} />
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}

function PayerInput() {
  const payerKind = useWatch({ name: 'payerKind' }) as PayerKind;
  return payerKind === 'SHIPPER' ? (
    <ShipperInput source="shipperId" label="haulboard.invoices.shipper" sx={{ minWidth: 320 }} />
  ) : (
    <BrokerInput source="brokerId" label="haulboard.invoices.broker" sx={{ minWidth: 320 }} />
  );
}
