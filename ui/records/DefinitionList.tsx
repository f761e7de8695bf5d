import type { ReactElement, ReactNode } from 'react';
import type { RaRecord } from 'ra-core';
import type { Field } from '../../schema/define/fields';
import { listFilters } from '../../schema/define/resource';
import { useResourceContext } from 'ra-core';
import { type RenderCell, columnsOf, filterInputOf, hiddenColumnsOf } from './fieldViews';
import type { QuickFilter } from './FilterSidebar';
import { definitionOf } from './definitions';
import { RecordList, type RecordListProps } from './RecordList';

export interface DefinitionListProps {
  /** Cells a resource shows specially, by field name. */
  render?: Partial<Record<string, RenderCell>>;
  /** The columns and their order, when not every listed field in the definition's order. */
  columns?: readonly string[];
  /** More filters of the bar (beyond the definition's). */
  filters?: ReactElement[];
  /** More one-click filters of the side panel (every choice filter has one already). */
  quickFilters?: QuickFilter[];
  /** More buttons in the top bar (links to related screens …). */
  actions?: ReactNode;
  rowSx?: (record: RaRecord) => Record<string, unknown>;
  /** Above the table (totals of the filtered set …). */
  header?: ReactNode;
  /** Where a click on a row leads (RecordList's default: the edit screen, for who may update). */
  rowClick?: RecordListProps['rowClick'];
  /** A click on a row chooses its record instead (RecordList). */
  onSelect?: RecordListProps['onSelect'];
}

/**
 * A record list from its definition: the columns it marks for the list (US dates and money, choices in words,
 * references linked), its filters in the bar, its choices in the side panel, the search of its searched fields, its
 * default sort — with everything every list has (RecordList).
 */
export default function DefinitionList({
  render,
  columns,
  filters = [],
  quickFilters = [],
  actions,
  rowSx,
  header,
  rowClick,
  onSelect,
}: DefinitionListProps) {
  const def = definitionOf(useResourceContext() ?? '');
  const prefix = `resources.${def.name}`;
  const { expiring: _expiring, ...byDefinition } = listFilters(def);
  // The period filter shows its own From and To (when "Custom dates" is chosen).
  if (def.period) {
    delete byDefinition.from;
    delete byDefinition.to;
  }
  const choiceLists: QuickFilter[] = Object.entries(byDefinition)
    .filter(([, filter]) => filter.kind === 'choice')
    .map(([key, filter]) => ({
      label: `${prefix}.fields.${key}`,
      items: filter.choices!.values.map((value) => ({
        label: `${prefix}.choices.${key}.${value}`,
        value: { [key]: value },
      })),
    }));
  const field = (key: string) => (def.fields as Record<string, Field>)[key];
  const [sortKey] = [def.defaultSort.replace(/^-/, '')];
  return (
    <RecordList
      title={`${prefix}.title`}
      search={`${prefix}.search`}
      filters={[
        ...Object.entries(byDefinition)
          .sort(([, a], [, b]) => Number(b.kind === 'period') - Number(a.kind === 'period'))
          .map(([key, filter]) => filterInputOf(def, key, filter)),
        ...filters,
      ]}
      filterDefaultValues={def.period ? { filtered: def.period.default } : undefined}
      quickFilters={choiceLists.length || quickFilters.length ? [...choiceLists, ...quickFilters] : undefined}
      sort={{ field: sortKey, order: def.defaultSort.startsWith('-') ? 'DESC' : 'ASC' }}
      hiddenColumns={hiddenColumnsOf(def).filter((key) => !columns || columns.includes(key))}
      exportName={def.plural.toLowerCase().replace(/\s+/g, '-')}
      expiring={def.expiring.length > 0}
      actions={actions}
      rowSx={rowSx}
      header={header}
      rowClick={rowClick}
      onSelect={onSelect}
      softDelete={!def.appendOnly}
      loadProblem={def.loadProblem ? `${prefix}.load_problem` : undefined}
      perPage={def.defaultPageSize}
    >
      {columnsOf(
        def,
        render,
        columns?.filter((key) => field(key) || render?.[key]),
      )}
    </RecordList>
  );
}
