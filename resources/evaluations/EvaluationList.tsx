import './messages';
import { evaluations } from '../../schema/resources/evaluations';
import { localToday } from '../../ui/assignments/dates';
import { CreateDialog } from '../../ui/records/CreateDialog';
import DefinitionList from '../../ui/records/DefinitionList';
import { useCanAccessFeature } from '../../ui/useCanAccessFeature';
import { EVALUATION_INPUTS } from './EvaluationInputs';

/** Every evaluation (newest first), filtered by person, evaluator and period; entered in the same dialog as on the report. */
export default function EvaluationList() {
  const canEvaluate = useCanAccessFeature(evaluations.name, 'Create');
  return (
    <DefinitionList
      actions={
        canEvaluate ? (
          <CreateDialog
            label="haulboard.evaluations.evaluate"
            inputs={EVALUATION_INPUTS}
            defaultValues={{ evaluatedOn: localToday() }}
          />
        ) : undefined
      }
    />
  );
}
