import './messages';
import { Button, CardContent, Typography } from '@mui/material';
import { useListContext, useResourceDefinitions, useTranslate } from 'ra-core';
import { useMemo } from 'react';
import { DataTable, SelectInput, TextInput } from 'react-admin';
import { AUDIT_ACTIONS, AUDIT_SUBJECTS, type AuditEntryDto } from '../../schema/audit';
import { usDateTime } from '../../ui/format';
import { keyedChoices } from '../../ui/records/choices';
import { nowrap } from '../../ui/records/columns';
import { RecordLink } from '../../ui/records/links';
import { PeriodFilter } from '../../ui/records/PeriodFilter';
import { UserInput } from '../../ui/records/pickers';
import { RecordList } from '../../ui/records/RecordList';
import { AppInput } from './AppInput';
import { EntryChanges } from './EntryChanges';
import { subjectOf } from './subjects';
import { useActionWords, useSubject, useSummary, useWho } from './words';

/** The entity filter: every entity the trail knows, in words, alphabetically. */
function EntityInput(props: { source: string; label: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  const choices = useMemo(
    () =>
      AUDIT_SUBJECTS.map(({ entity }) => ({ id: entity, name: subjectOf(entity, translate).name })).sort((a, b) =>
        a.name.localeCompare(b.name),
      ),
    [translate],
  );
  return <SelectInput {...props} choices={choices} translateChoice={false} helperText={false} />;
}

const filters = [
  <UserInput key="actorId" source="actorId" label="haulboard.audit.fields.actorId" alwaysOn helperText={false} />,
  <EntityInput key="entity" source="entity" label="haulboard.audit.fields.entity" alwaysOn />,
  <PeriodFilter key="filtered" source="filtered" alwaysOn />,
  <TextInput key="entityId" source="entityId" label="haulboard.audit.fields.entityId" helperText={false} />,
  <SelectInput
    key="action"
    source="action"
    label="haulboard.audit.fields.action"
    choices={keyedChoices('haulboard.audit.actions', AUDIT_ACTIONS)}
    helperText={false}
  />,
  <AppInput key="appId" source="appId" label="haulboard.audit.fields.appId" />,
];

function Who({ entry }: { entry: AuditEntryDto }) {
  return <>{useWho()(entry)}</>;
}

function ActionName({ action }: { action: string }) {
  return <>{useActionWords()(action)}</>;
}

function EntityName({ entity }: { entity: string }) {
  return <>{useSubject(entity).name}</>;
}

/** The record an entry is about: a link to its edit screen when it has one (and the reader may open it). */
function RecordRef({ entry }: { entry: AuditEntryDto }) {
  const { resource } = useSubject(entry.entity);
  const definitions = useResourceDefinitions();
  if (entry.entityId === null) return <>{NONE}</>;
  const text = `#${entry.entityId}`;
  return resource && definitions[resource]?.hasEdit && /^\d+$/.test(entry.entityId) ? (
    <RecordLink resource={resource} id={Number(entry.entityId)}>
      {text}
    </RecordLink>
  ) : (
    <>{text}</>
  );
}

function Summary({ entry }: { entry: AuditEntryDto }) {
  return <>{useSummary(entry) || NONE}</>;
}

/** Nothing to show: what to do about it (widen the filters, or know that changes appear here). */
function AuditEmpty() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const filtered = Object.keys(filterValues ?? {}).length > 0;
  return (
    <CardContent>
      <Typography variant="body2">
        {translate(filtered ? 'haulboard.audit.empty_filtered' : 'haulboard.audit.empty')}
      </Typography>
      {filtered && (
        <Button size="small" sx={{ mt: 1 }} onClick={() => setFilters({}, [])}>
          {translate('haulboard.audit.clear_filters')}
        </Button>
      )}
    </CardContent>
  );
}

const Column = DataTable.Col<AuditEntryDto>;
/** What a cell says when there is nothing to say (a sign-in changes no record's fields). */
const NONE = '—';

/**
 * The audit trail (docs/product/administration.md#administration): every write, newest first — when, who (a person, or
 * an app for its owner), what and on which record, and what changed; each row opens to its field-by-field before →
 * after. Search, filters, saved filters, columns and CSV are the shared list's.
 */
export default function AuditTrailList() {
  return (
    <RecordList
      title="haulboard.audit.title"
      search="haulboard.audit.search"
      filters={filters}
      sort={{ field: 'at', order: 'DESC' }}
      exportName="audit-trail"
      rowClick={false}
      softDelete={false}
      loadProblem="haulboard.audit.load_problem"
      expand={{ panel: <EntryChanges />, label: 'haulboard.audit.changes_of', text: 'haulboard.audit.show_changes' }}
      empty={<AuditEmpty />}
    >
      <Column source="at" label="haulboard.audit.fields.at" cellSx={nowrap} render={(entry) => usDateTime(entry.at)} />
      <Column
        source="actorId"
        label="haulboard.audit.fields.who"
        disableSort
        render={(entry) => <Who entry={entry} />}
      />
      <Column
        source="action"
        label="haulboard.audit.fields.action"
        render={(entry) => <ActionName action={entry.action} />}
      />
      <Column
        source="entity"
        label="haulboard.audit.fields.entity"
        render={(entry) => <EntityName entity={entry.entity} />}
      />
      <Column
        source="entityId"
        label="haulboard.audit.fields.entityId"
        disableSort
        render={(entry) => <RecordRef entry={entry} />}
      />
      <Column
        source="summary"
        label="haulboard.audit.fields.summary"
        disableSort
        render={(entry) => <Summary entry={entry} />}
        cellSx={() => ({ maxWidth: 480 })}
      />
    </RecordList>
  );
}
