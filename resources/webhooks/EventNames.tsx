import { useTranslate } from 'ra-core';

/** A subscription's events as people read them, comma-separated. */
export function EventNames({ events }: { events: readonly string[] }) {
  const translate = useTranslate();
  return <>{events.map((event) => translate(`haulboard.webhooks.events.${event}`, { _: event })).join(', ')}</>;
}

/** One event's name (a test event included). */
export function useEventName() {
  const translate = useTranslate();
  return (event: string) =>
    translate(`haulboard.webhooks.events.${event}`, {
      _: translate(`haulboard.webhooks.event_names.${event}`, { _: event }),
    });
}
