import './messages';
import { useTranslate } from 'ra-core';
import { useMemo } from 'react';
import type { AuditEntryDto } from '../../schema/audit';
import { type AuditDiff, type DiffWords, auditDiff, auditSummary } from './diff';
import { type Subject, subjectOf } from './subjects';

/** The trail's words for the diff (yes/no, secrets, a record in a list). */
export function useDiffWords(): DiffWords {
  const translate = useTranslate();
  return useMemo(
    () => ({
      yes: translate('haulboard.records.yes'),
      no: translate('haulboard.records.no'),
      hidden: translate('haulboard.audit.hidden'),
      item: (list: string, n: number) => translate('haulboard.audit.item', { list, n }),
    }),
    [translate],
  );
}

/** What the trail knows of an entry's entity, in the catalogue's words. */
export function useSubject(entity: string): Subject {
  const translate = useTranslate();
  return useMemo(() => subjectOf(entity, translate), [entity, translate]);
}

/** An entry's before → after, line by line. */
export function useEntryDiff(entry: AuditEntryDto): AuditDiff {
  const subject = useSubject(entry.entity);
  const words = useDiffWords();
  return useMemo(
    () => auditDiff(entry.before, entry.after, subject.describe, words),
    [entry.before, entry.after, subject, words],
  );
}

/** An action in words ('update' → 'Changed'), or as stored when the trail does not know it. */
export function useActionWords(): (action: string) => string {
  const translate = useTranslate();
  return (action) => translate(`haulboard.audit.actions.${action}`, { _: action });
}

/** Who did it: the person, or the app and the person it acted for; the server itself when neither. */
export function useWho(): (entry: Pick<AuditEntryDto, 'actorName' | 'appName'>) => string {
  const translate = useTranslate();
  return ({ actorName, appName }) => {
    const person = actorName ?? translate('haulboard.audit.system');
    return appName ? translate('haulboard.audit.by_app', { app: appName, person }) : person;
  };
}

/**
 * One line of what an entry did: a record created or deleted; the one field it changed, or recorded, with its values;
 * or the fields' names.
 */
export function useSummary(entry: AuditEntryDto): string {
  const translate = useTranslate();
  const summary = auditSummary(useEntryDiff(entry), entry.action);
  const empty = translate('haulboard.audit.empty_value');
  switch (summary.kind) {
    case 'none':
      return '';
    case 'created':
    case 'deleted':
    case 'no_change':
      return translate(`haulboard.audit.${summary.kind}`);
    case 'line': {
      const label = summary.label || translate('haulboard.audit.value');
      return summary.oneSided
        ? `${label}: ${summary.after ?? summary.before ?? empty}`
        : `${label}: ${summary.before ?? empty} → ${summary.after ?? empty}`;
    }
    case 'fields': {
      const fields = summary.labels.join(', ');
      return summary.more ? translate('haulboard.audit.more', { fields, smart_count: summary.more }) : fields;
    }
  }
}
