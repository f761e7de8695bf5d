import { Typography } from '@mui/material';
import { useRecordContext, useResourceContext, useTranslate } from 'ra-core';
import { type ReactElement, type ReactNode, cloneElement } from 'react';
import type { Field } from '../../schema/define/fields';
import type { AnyResource } from '../../schema/define/resource';
import { inputOf } from './fieldViews';
import { FormSection } from './FormSection';
import { definitionOf } from './definitions';
import { RecordCreate, RecordEdit, type RecordEditProps } from './RecordForms';

type Values = Record<string, unknown>;
const empty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * What a form sends, from what it holds: a group left empty is sent as none (a carrier without insurance), and a
 * write-only field left empty on edit is left out (a fuel card keeps its number).
 */
export function prepareFor(def: AnyResource, editing: boolean, then?: (values: Values) => Values) {
  return (values: Values): Values => {
    const out: Values = { ...values };
    for (const [key, field] of Object.entries(def.fields as Record<string, Field>)) {
      if (field.group) {
        const group = out[key] as Values | null | undefined;
        if (!group || Object.keys(field.group.fields).every((sub) => empty(group[sub]))) out[key] = null;
      }
      if (editing && field.optionalOnUpdate && empty(out[key])) delete out[key];
      // Fixed fields are shown, not sent: the update refuses them.
      if (editing && field.update === 'never') delete out[key];
    }
    return then ? then(out) : out;
  };
}

function GroupHelp({ text }: { text: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1', mb: 1 }}>
      {translate(text)}
    </Typography>
  );
}

export interface DefinitionInputsProps {
  /** Inputs a resource shows specially, by field name (null: not in the form). */
  inputs?: Partial<Record<string, ReactElement | null>>;
}

/** The form of a definition: its sections in order, each with its fields' inputs (lists of rows under the grid). */
export function DefinitionInputs({ inputs = {} }: DefinitionInputsProps) {
  const def = definitionOf(useResourceContext() ?? '');
  const editing = !!useRecordContext();
  const context = { def, editing };
  const fields = Object.entries(def.fields as Record<string, Field>);
  const [firstSection] = Object.keys(def.sections);
  return (
    <>
      {Object.keys(def.sections).map((section) => {
        const here = fields.filter(([, field]) => (field.flags.section ?? firstSection) === section);
        const grid: ReactNode[] = [];
        const below: ReactNode[] = [];
        for (const [key, field] of here) {
          if (key in inputs) grid.push(inputs[key] ? cloneElement(inputs[key]!, { key }) : null);
          else if (field.group) {
            if (field.flags.help)
              grid.push(<GroupHelp key={`${key}-help`} text={`resources.${def.name}.help.${key}`} />);
            for (const [sub, inner] of Object.entries(field.group.fields))
              grid.push(inputOf(context, sub, inner, { key, kind: 'group' }));
          } else if (field.rows) below.push(inputOf(context, key, field));
          else grid.push(inputOf(context, key, field));
        }
        if (!grid.some(Boolean) && !below.length) return null;
        return (
          <FormSection key={section} title={`resources.${def.name}.sections.${section}`} below={below}>
            {grid}
          </FormSection>
        );
      })}
    </>
  );
}

export interface DefinitionFormProps extends DefinitionInputsProps {
  /** What the form's values become before they are checked and sent, after the definition's own preparation. */
  prepare?: (values: Values) => Values;
  /** Beside the edit form (links to related records …). */
  aside?: ReactElement;
  /** The edit screen's top bar (default: expirations, delete/restore, back to the list). */
  actions?: ReactElement;
  /** The screen's title from the record (default: the definition's record title). */
  title?: (record: Values) => string;
  /** Where a save leads (default: the list). */
  redirect?: RecordEditProps<Values>['redirect'];
  /** Where a created record opens (default: its edit screen). */
  createdAt?: (id: unknown) => string;
  /** What a new record's form starts with beyond the definition's defaults (today's date …). */
  defaults?: () => Values;
  /** The record edited, when the route does not name it as :id. */
  id?: number;
  /** From which width the aside stands beside the form (RecordEdit). */
  asideFrom?: 'md' | 'lg' | 'xl';
}

/** What a new record's form starts with: each field's default, then the definition's form defaults. */
export const formDefaultsOf = (def: AnyResource): Values => ({
  ...Object.fromEntries(
    Object.entries(def.fields as Record<string, Field>)
      .filter(([, f]) => f.defaultValue !== undefined)
      .map(([key, f]) => [key, f.defaultValue]),
  ),
  ...def.formDefaults,
});

/** The create screen of a definition: its create schema, its form, its defaults. */
export function DefinitionCreate({ inputs, prepare, createdAt, defaults }: DefinitionFormProps) {
  const def = definitionOf(useResourceContext() ?? '');
  return (
    <RecordCreate
      schema={def.create}
      title={`resources.${def.name}.create_title`}
      prepare={prepareFor(def, false, prepare)}
      defaultValues={() => ({ ...formDefaultsOf(def), ...defaults?.() })}
      redirect={createdAt}
    >
      <DefinitionInputs inputs={inputs} />
    </RecordCreate>
  );
}

/** The edit screen of a definition: its update schema, its form, titled by the record's name. */
export function DefinitionEdit({
  inputs,
  prepare,
  aside,
  actions,
  title,
  redirect,
  id,
  asideFrom,
}: DefinitionFormProps) {
  const def = definitionOf(useResourceContext() ?? '');
  return (
    <RecordEdit<Values>
      schema={def.update}
      title={title ?? ((record) => String(record[def.recordTitle] ?? ''))}
      prepare={prepareFor(def, true, prepare)}
      aside={aside}
      actions={actions}
      redirect={redirect}
      id={id}
      asideFrom={asideFrom}
    >
      <DefinitionInputs inputs={inputs} />
    </RecordEdit>
  );
}
