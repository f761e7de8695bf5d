import { Link, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { MyLoad, MyLoadCollect, MyLoadStop } from '../../schema/myLoads';
import { phoneText } from '../../schema/format';
import { paymentMethodLabel } from '../../schema/reference';
import type { Fact } from '../../ui/Facts';
import { Tag, type TagTone } from '../../ui/Tag';
import { usDate, usMoney } from '../../ui/format';

export const t = (key: string) => `haulboard.my_loads.${key}`;

const TONES: Partial<Record<MyLoad['status'], TagTone>> = {
  ASSIGNED: 'info',
  PICKED_UP: 'warning',
  DELIVERED: 'success',
};

/** The load's status in the words of the book orders. */
export function LoadStatus({ status }: { status: MyLoad['status'] }) {
  const translate = useTranslate();
  return <Tag tone={TONES[status] ?? 'default'}>{translate(`haulboard.book_orders.statuses.${status}`)}</Tag>;
}

/** 'Dallas, TX' */
export const place = (stop: Pick<MyLoadStop, 'city' | 'state'>) => [stop.city, stop.state].filter(Boolean).join(', ');

/** A stop's day as the order gives it: '12/09/2026', '12/09/2026 – 12/11/2026', with 'No earlier than' and the like. */
export function useStopDate() {
  const translate = useTranslate();
  return (stop: Pick<MyLoadStop, 'date' | 'dateTo' | 'dateType'>) => {
    const days = stop.dateTo ? `${usDate(stop.date)} – ${usDate(stop.dateTo)}` : usDate(stop.date);
    return stop.dateType === 'EXACT'
      ? days
      : `${translate(`haulboard.book_orders.date_types.${stop.dateType}`)} ${days}`;
  };
}

/** A phone number to tap: the dialler opens with it (its text as people read it). */
export function PhoneLink({ digits, name }: { digits: string; name: string | null }) {
  const translate = useTranslate();
  const text = phoneText(digits);
  return (
    <Link
      href={`tel:${digits}`}
      aria-label={translate(t('call'), { name: name ?? text, phone: text })}
      sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, minWidth: 44 }}
    >
      {text}
    </Link>
  );
}

/** What to collect, as facts: the COD amount and when, the method, the broker's terms; empty when nothing is due. */
export function useCollectFacts() {
  const translate = useTranslate();
  return (load: MyLoadCollect): Fact[] => {
    const facts: Fact[] = [];
    if (load.codAmount > 0) {
      const when = [load.payOnPickup && translate(t('at_pickup')), load.payOnDelivery && translate(t('at_delivery'))]
        .filter(Boolean)
        .join(', ');
      facts.push({
        key: 'cod',
        label: translate(t('cod')),
        value: (
          <Typography component="span" variant="body1" sx={{ fontWeight: 700 }}>
            {usMoney(load.codAmount)}
            {when ? ` · ${when}` : ''}
          </Typography>
        ),
      });
    }
    if (load.codAmount > 0 || load.payOnPickup || load.payOnDelivery)
      facts.push({
        key: 'method',
        label: translate(t('method')),
        value:
          load.paymentMethod === 'unknown' ? translate(t('method_unknown')) : paymentMethodLabel(load.paymentMethod),
      });
    if (load.paymentTermsDays > 0)
      facts.push({
        key: 'terms',
        label: translate(t('terms')),
        value: translate(t('terms_days'), { smart_count: load.paymentTermsDays }),
      });
    return facts;
  };
}
