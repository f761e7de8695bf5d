import { Box, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useResourceContext, useTranslate } from 'ra-core';
import { type ReactElement, useEffect, useId } from 'react';
import { RadioButtonGroupInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  EVALUATION_CRITERIA,
  EVALUATION_SUBJECTS,
  type CriterionKey,
  type EvaluationSubject,
  SCORE_LABELS,
  subjectOf,
} from '../../schema/resources/evaluations';
import { DispatcherInput, DriverInput } from '../../ui/records/pickers';
import { visuallyHidden } from '../../ui/visuallyHidden';

/** Not applicable first, then 1 to 5, each with its words for a screen reader and a hover. */
const SCORES = [
  { id: '', name: 'N/A', title: 'Not applicable or not observed' },
  ...[1, 2, 3, 4, 5].map((n) => ({ id: String(n), name: String(n), title: SCORE_LABELS[n] })),
];

/**
 * The role the form is about: the form's `subject` (the record's, or what the opener or the radio set), else the one
 * whose picker holds someone. The server works the role out from the ids and ignores this value.
 */
function useSubject(): EvaluationSubject {
  const [subject, driverId, dispatcherId] = useWatch({ name: ['subject', 'driverId', 'dispatcherId'] });
  if (subject === 'DRIVER' || subject === 'DISPATCHER') return subject;
  return subjectOf({ driverId, dispatcherId }) ?? 'DRIVER';
}

/** The role evaluated, chosen first: the picker of that role, the other one cleared (an evaluation is of one person). */
function SubjectInput() {
  const translate = useTranslate();
  const resource = useResourceContext();
  const subject = useSubject();
  const { setValue } = useFormContext();
  const labelId = useId();
  const choose = (next: EvaluationSubject) => {
    setValue('subject', next);
    setValue(next === 'DRIVER' ? 'dispatcherId' : 'driverId', null, { shouldDirty: true, shouldValidate: true });
  };
  return (
    <>
      <div>
        <FormLabel id={labelId}>{translate(`resources.${resource}.fields.subject`)}</FormLabel>
        <RadioGroup
          row
          aria-labelledby={labelId}
          value={subject}
          onChange={(event) => choose(event.target.value as EvaluationSubject)}
        >
          {EVALUATION_SUBJECTS.map((s) => (
            <FormControlLabel
              key={s}
              value={s}
              control={<Radio />}
              label={translate(`resources.${resource}.choices.subject.${s}`)}
            />
          ))}
        </RadioGroup>
      </div>
      {subject === 'DRIVER' ? (
        <DriverInput source="driverId" isRequired />
      ) : (
        <DispatcherInput source="dispatcherId" isRequired />
      )}
    </>
  );
}

/** A criterion's score, shown only for the role it applies to (and emptied when the role changes to one it does not). */
function ScoreInput({ source }: { source: CriterionKey }) {
  const resource = useResourceContext();
  const criterion = EVALUATION_CRITERIA.find((c) => c.key === source)!;
  const subject = useSubject();
  const { setValue, getValues } = useFormContext();
  const applies = (criterion.for as readonly EvaluationSubject[]).includes(subject);
  useEffect(() => {
    if (!applies && getValues(source) != null) setValue(source, null, { shouldDirty: true });
  }, [applies, getValues, setValue, source]);
  if (!applies) return null;
  return (
    <RadioButtonGroupInput
      source={source}
      row
      choices={SCORES}
      optionText={(choice: (typeof SCORES)[number]) => (
        <span title={choice.title}>
          {choice.name}
          <Box component="span" sx={visuallyHidden}>{` — ${choice.title}`}</Box>
        </span>
      )}
      format={(value: number | null | undefined) => (value == null ? '' : String(value))}
      parse={(value: string) => (value === '' ? null : Number(value))}
      helperText={`resources.${resource}.help.${source}`}
      // Six choices on one line of a phone too.
      sx={{
        gridColumn: { lg: 'span 2' },
        '& .MuiFormControlLabel-root': { mr: { xs: 1.5, sm: 2 } },
        '& .MuiRadio-root': { p: { xs: 0.5, sm: 1 } },
      }}
    />
  );
}

/** The evaluation form's inputs that differ from the definition's defaults, by field (DefinitionInputs). */
export const EVALUATION_INPUTS: Partial<Record<string, ReactElement | null>> = {
  driverId: <SubjectInput />,
  dispatcherId: null,
  ...Object.fromEntries(EVALUATION_CRITERIA.map((c) => [c.key, <ScoreInput source={c.key} />])),
};
