import './messages';
import { Alert } from '@mui/material';
import { useRecordContext, useTranslate } from 'ra-core';
import { getUser } from '../../dataProvider/session';
import { type EvaluationDto, evaluations } from '../../schema/resources/evaluations';
import { usDateTime } from '../../ui/format';
import { DefinitionEdit } from '../../ui/records/DefinitionForms';
import { inputOf } from '../../ui/records/fieldViews';
import { EVALUATION_INPUTS } from './EvaluationInputs';

/** Who entered the evaluation and when; and, to anyone else but an administrator, that they cannot change it. */
function Entered() {
  const translate = useTranslate();
  const record = useRecordContext<EvaluationDto>();
  const user = getUser();
  if (!record) return null;
  const mayChange = record.evaluatorId === user?.id || !!user?.roles.includes('Administrator');
  return (
    <Alert severity={mayChange ? 'info' : 'warning'} sx={{ gridColumn: '1 / -1', mb: 1 }}>
      {translate('haulboard.evaluations.entered', { name: record.evaluatorName, date: usDateTime(record.createdAt) })}
      {!mayChange && ` ${translate('haulboard.evaluations.not_yours', { name: record.evaluatorName })}`}
    </Alert>
  );
}

/** An evaluation's form, opening with who entered it (before anyone but them starts changing it). */
export default function EvaluationEdit() {
  const date = inputOf({ def: evaluations, editing: true }, 'evaluatedOn', evaluations.fields.evaluatedOn);
  return (
    <DefinitionEdit
      inputs={{
        ...EVALUATION_INPUTS,
        evaluatedOn: (
          <>
            <Entered />
            {date}
          </>
        ),
      }}
    />
  );
}
