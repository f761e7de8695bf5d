import { Box, Chip } from '@mui/material';
import {
  ArrayInput,
  BooleanInput,
  DataTable,
  DateInput,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
} from 'react-admin';
import { useTranslate } from 'ra-core';
import type { ReactElement, ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import type { Field } from '../../schema/define/fields';
import { REFERENCE_TARGETS, type ReferenceTarget, displayKey } from '../../schema/define/references';
import type { AnyResource, QueryFilter } from '../../schema/define/resource';
import { PHONE_COUNTRIES } from '../../schema/reference';
import { RECORD_RESOURCES } from '../../schema/resources';
import { usDate, usMoney } from '../format';
import { keyedChoices, yesNoChoices } from './choices';
import { phoneText } from '../../schema/format';
import { StatusChip, nowrap } from './columns';
import { ExpiryChips, type WithExpiry } from './ExpiryChips';
import { RecordLink } from './links';
import { PeriodFilter } from './PeriodFilter';
import { PICKERS } from './pickers';

/**
 * How each kind of field shows in a list and in a form, and each kind of filter in the filter bar: the defaults of
 * every record screen (a resource folder replaces one by the field's name when it shows it specially).
 */
type Row = Record<string, unknown> & { id: number };
export type RenderCell = (row: Row) => ReactNode;

const choicePrefix = (def: AnyResource, path: string) => `resources.${def.name}.choices.${path}`;

/** The screen of the records a reference points at (drivers, carriers …), to link to it; none for states or roles. */
function screenOf(target: ReferenceTarget): string | undefined {
  const table = REFERENCE_TARGETS[target].table;
  return RECORD_RESOURCES.find((def) => def.table === table)?.name;
}

function Chips({ values }: { values: string[] }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {values.map((value) => (
        <Chip key={value} size="small" label={value} />
      ))}
    </Box>
  );
}

/** Each row of a list of rows as a chip: the values its fields show in lists, choices in words. */
function RowChips({ def, path, field, items }: { def: AnyResource; path: string; field: Field; items: Row[] }) {
  const translate = useTranslate();
  const shown = Object.entries(field.rows!.fields).filter(([, inner]) => inner.flags.list !== false);
  const text = (item: Row) =>
    shown
      .map(([sub, inner]) =>
        inner.choices && item[sub]
          ? translate(`${choicePrefix(def, `${path}.${sub}`)}.${item[sub]}`)
          : inner.kind === 'date'
            ? usDate(item[sub] as string)
            : item[sub],
      )
      .filter(Boolean)
      .join(' · ');
  return <Chips values={items.map(text)} />;
}

function YesNo({ value }: { value: unknown }) {
  const translate = useTranslate();
  return <>{translate(value ? 'haulboard.records.yes' : 'haulboard.records.no')}</>;
}

/** A cell of a field's value, as people read it (US dates and money, words for choices, links to related records). */
export function cellOf(def: AnyResource, key: string, field: Field): RenderCell {
  const value = (row: Row) => row[key];
  switch (field.kind) {
    case 'date':
      return (row) => usDate(value(row) as string | null);
    case 'money':
      return (row) => usMoney(value(row) as number | null);
    case 'phone':
      return (row) =>
        phoneText(value(row) as string | null, field.countryField ? (row[field.countryField] as string) : 'US');
    case 'boolean':
      return (row) => <YesNo value={value(row)} />;
    case 'reference': {
      const shown = displayKey(key, field.target!);
      const screen = screenOf(field.target!);
      return (row) =>
        screen ? (
          <RecordLink resource={screen} id={value(row) as number | null}>
            {row[shown] as string | null}
          </RecordLink>
        ) : (
          (row[shown] as ReactNode)
        );
    }
    case 'group': {
      const subs = Object.entries(field.group!.fields).filter(([, inner]) => inner.flags.list !== false);
      return (row) => {
        const group = value(row) as Row | null;
        return group
          ? subs
              .map(([sub, inner]) => (inner.kind === 'date' ? usDate(group[sub] as string) : String(group[sub] ?? '')))
              .filter(Boolean)
              .join(' · ')
          : '';
      };
    }
    case 'rows':
      return (row) => <RowChips def={def} path={key} field={field} items={value(row) as Row[]} />;
    default:
      if (field.shows) {
        const screen = screenOf(field.shows.target);
        const { idField } = field.shows;
        return (row) =>
          screen ? (
            <RecordLink resource={screen} id={row[idField] as number | null}>
              {value(row) as string | null}
            </RecordLink>
          ) : (
            (value(row) as ReactNode)
          );
      }
      if (field.choices)
        return (row) => (
          <StatusChip
            prefix={choicePrefix(def, key)}
            value={value(row) as string | null}
            colours={field.choices!.colours as never}
          />
        );
      return (row) => {
        const shown = value(row);
        return Array.isArray(shown) ? <Chips values={shown.map(String)} /> : (shown as ReactNode);
      };
  }
}

const SHORT: Field['kind'][] = ['date', 'phone', 'money'];
/** Values that read badly broken over lines: dates, phones, money, short codes (plates, unit numbers). */
const isShort = (field: Field | undefined) =>
  !!field &&
  (SHORT.includes(field.kind) || field.kind === 'computed' || (field.kind === 'text' && (field.max ?? 99) <= 20));

/** The list's columns: each field the list shows, in the definition's order (expirations after the first). */
export function columnsOf(
  def: AnyResource,
  render: Partial<Record<string, RenderCell>> = {},
  order?: readonly string[],
): ReactElement[] {
  const fields = def.fields as Record<string, Field>;
  const keys = order ?? Object.keys(fields).filter((key) => fields[key].flags.list !== false);
  const columns = keys.map((key) => {
    const field = fields[key];
    const sortable = !!def.sortColumns[key] || def.sortColumns[key] === null;
    return (
      <DataTable.Col
        key={key}
        source={key}
        disableSort={!sortable}
        cellSx={isShort(field) ? nowrap : undefined}
        align={field?.kind === 'money' ? 'right' : undefined}
        render={render[key] ?? cellOf(def, key, field)}
      />
    );
  });
  if (def.expiring.length)
    columns.splice(
      1,
      0,
      <DataTable.Col
        key="expiry"
        source="expiry"
        disableSort
        render={(row: Row) => <ExpiryChips record={row as WithExpiry} />}
      />,
    );
  return columns;
}

/** The columns the list starts with hidden (fields marked list: 'hide'). */
export const hiddenColumnsOf = (def: AnyResource) =>
  Object.entries(def.fields as Record<string, Field>)
    .filter(([, f]) => f.flags.list === 'hide')
    .map(([key]) => key);

/** A filter of the filter bar, by the control its kind takes. */
export function filterInputOf(def: AnyResource, key: string, filter: QueryFilter): ReactElement {
  switch (filter.kind) {
    case 'choice':
      return (
        <SelectInput key={key} source={key} choices={keyedChoices(choicePrefix(def, key), filter.choices!.values)} />
      );
    case 'reference': {
      const Picker = PICKERS[filter.target!];
      return <Picker key={key} source={key} />;
    }
    case 'yesNo':
      return (
        <SelectInput key={key} source={key} choices={yesNoChoices('haulboard.records.yes', 'haulboard.records.no')} />
      );
    case 'flag':
      return <BooleanInput key={key} source={key} />;
    case 'period':
      return <PeriodFilter key={key} source={key} alwaysOn />;
    case 'date':
      return <DateInput key={key} source={key} />;
    case 'amount':
      return <NumberInput key={key} source={key} step={0.01} min={0} />;
    case 'id':
      return <NumberInput key={key} source={key} step={1} min={1} />;
    default:
      return <TextInput key={key} source={key} />;
  }
}

/** A phone with the digits its country expects (docs/product/accounts.md#phones) as its help line. */
function CountryPhoneInput({ source, countryField }: { source: string; countryField: string }) {
  const translate = useTranslate();
  const code = useWatch({ name: countryField }) as string | undefined;
  const country = PHONE_COUNTRIES.find((c) => c.code === (code ?? 'US'));
  const help = country
    ? translate('haulboard.records.phone_help', {
        country: country.name,
        digits: country.digits,
        dial: country.dialCode,
      })
    : undefined;
  return <TextInput source={source} helperText={help} />;
}

export interface InputContext {
  def: AnyResource;
  /** The edit screen (update-only fields show, write-only ones may be left empty). */
  editing: boolean;
}

/**
 * A field's input, by its kind. `parent` is the group or list it is in ('insurance', 'contacts'): a group's inputs
 * are sources under it, a list's are relative to its row; both find their words under the parent's path.
 */
export function inputOf(
  { def, editing }: InputContext,
  key: string,
  field: Field,
  parent?: { key: string; kind: 'group' | 'rows' },
): ReactElement | null {
  const source = parent?.kind === 'group' ? `${parent.key}.${key}` : key;
  const path = parent ? `${parent.key}.${key}` : key;
  // A fixed field (money once posted) shows on the edit screen as it is, and is not sent.
  const fixed = editing && field.update === 'never';
  // The key goes on each element itself (React refuses a key spread in with the props).
  const common = {
    source,
    isRequired: field.required && parent?.kind !== 'group' && !fixed ? true : undefined,
    helperText: fixed ? false : field.flags.help ? `resources.${def.name}.help.${path}` : undefined,
    readOnly: fixed || undefined,
  };
  if (field.flags.form === false || field.kind === 'computed') return null;
  if (field.update === 'only' && !editing) return null;
  switch (field.kind) {
    // react-admin draws dates and numbers small; as tall as the text and choice fields beside them.
    case 'date':
      return <DateInput key={source} {...common} size="medium" />;
    case 'money':
      return <NumberInput key={source} {...common} size="medium" step={0.01} min={field.min} />;
    case 'decimal':
      return (
        <NumberInput
          key={source}
          {...common}
          size="medium"
          step={10 ** -(field.scale ?? 2)}
          min={field.min}
          max={field.max}
        />
      );
    case 'integer':
      return <NumberInput key={source} {...common} size="medium" step={1} min={field.min} max={field.max} />;
    case 'boolean':
      return <BooleanInput key={source} {...common} />;
    case 'email':
      return <TextInput key={source} {...common} type="email" />;
    case 'phone':
      return field.countryField ? (
        <CountryPhoneInput key={source} source={source} countryField={field.countryField} />
      ) : (
        <TextInput key={source} {...common} />
      );
    case 'reference': {
      const Picker = PICKERS[field.target!];
      return <Picker key={source} {...common} />;
    }
    case 'writeOnly':
      // On edit, an empty write-only field keeps what the server has (a card keeps its number).
      return (
        <TextInput
          key={source}
          {...common}
          isRequired={editing && field.optionalOnUpdate ? undefined : true}
          autoComplete="off"
          helperText={editing && field.optionalOnUpdate ? 'haulboard.records.keep_when_empty' : common.helperText}
        />
      );
    case 'rows':
      return (
        <ArrayInput key={source} source={source} label={parent ? undefined : false}>
          <SimpleFormIterator inline disableReordering>
            {Object.entries(field.rows!.fields).map(([sub, inner]) =>
              inputOf({ def, editing }, sub, inner, { key, kind: 'rows' }),
            )}
          </SimpleFormIterator>
        </ArrayInput>
      );
    default:
      if (field.choices)
        return (
          <SelectInput key={source} {...common} choices={keyedChoices(choicePrefix(def, path), field.choices.values)} />
        );
      // Text on several lines takes the form's whole width.
      return (
        <TextInput
          key={source}
          {...common}
          multiline={field.multiline}
          sx={field.multiline ? { gridColumn: '1 / -1' } : undefined}
        />
      );
  }
}
