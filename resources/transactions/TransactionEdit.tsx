import { useTranslate } from 'ra-core';
import { DefinitionEdit } from '../../ui/records/DefinitionForms';
import { RecordEditActions } from '../../ui/records/RecordForms';
import { CategoryInput } from './CategoryInput';
import { EntryLinks } from './EntryLinks';
import { VoidButton } from './VoidButton';

/**
 * An entry: its money shown as posted (fixed: the update refuses it), its memo, category and reference editable,
 * Void for who may, and beside it who posted it, the void it pairs with and the bill that settled it.
 */
export default function TransactionEdit() {
  const translate = useTranslate();
  return (
    <DefinitionEdit
      title={(entry) => translate('haulboard.transactions.entry_title', { id: entry.id, driver: entry.driverName })}
      inputs={{ category: <CategoryInput /> }}
      actions={
        <RecordEditActions>
          <VoidButton />
        </RecordEditActions>
      }
      aside={<EntryLinks />}
    />
  );
}
