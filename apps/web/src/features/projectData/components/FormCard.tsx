import { useEffect, useState } from 'react';
import {
  allValid,
  formValidity,
  type CalculationRun,
  type FormConfig,
  type StoredFormValue,
} from '@penstock/shared';
import type { FormKind } from '../api.ts';
import {
  fieldsPayload,
  FLOW_DATA_FORM,
  initialValues,
  projectDataFallbacks,
  SAMPLING_DATA_FORM,
  storedUploads,
  type Values,
} from '../formValues.ts';
import { useFormSubmit } from '../hooks.ts';
import { CalculationResults } from './CalculationResults.tsx';
import { DynamicForm } from './DynamicForm.tsx';
import { FlowDataView } from './FlowDataView.tsx';
import { FormActions } from './FormActions.tsx';
import { SamplingList } from './SamplingList.tsx';

export interface FormCardProps {
  form: FormConfig;
  kind: FormKind;
  projectId: string;
  /** the stored values of this form */
  stored: StoredFormValue[];
  /** calculation forms: this form's runs, newest first */
  runs?: CalculationRun[];
  /** calculation forms: the saved project data a run falls back to for empty fields */
  projectValues?: StoredFormValue[] | undefined;
  /** ordinary forms: told the values as they start and after every change (e.g. to show derived rules) */
  onValuesChange?: (values: Values) => void;
}

/**
 * One form with its buttons and alert banner: the flow-data view (flow_data), the sampling items
 * (sampling_data) or the dynamic form; a calculation form shows its latest results beside its inputs.
 */
export function FormCard(props: FormCardProps) {
  const { form, kind, runs } = props;
  const submitter = useFormSubmit(form, kind, props.projectId);
  const editor =
    form.form_id === FLOW_DATA_FORM ? (
      <FlowDataView {...props} submitter={submitter} />
    ) : form.form_id === SAMPLING_DATA_FORM ? (
      <SamplingList {...props} submitter={submitter} />
    ) : (
      <FieldsForm {...props} submitter={submitter} />
    );
  if (kind !== 'calculation') return editor;
  const latest = submitter.run && !runs?.some((run) => run.id === submitter.run?.id) ? submitter.run : null;
  return (
    <div className="project-form-layout">
      <div className="project-form-inputs">{editor}</div>
      <CalculationResults fmejob={form.fmejob} runs={latest ? [latest, ...(runs ?? [])] : (runs ?? [])} />
    </div>
  );
}

export type EditorProps = FormCardProps & { submitter: ReturnType<typeof useFormSubmit> };

/** An ordinary form: the dynamic form's inputs, submitted as {category: field key, value}. */
function FieldsForm({
  form,
  kind,
  projectId,
  stored,
  submitter,
  onValuesChange,
  projectValues,
}: EditorProps) {
  const [values, setValues] = useState(() => initialValues(form, stored));
  const [uploaded, setUploaded] = useState<ReadonlySet<string>>(() => storedUploads(form, values));
  useEffect(() => onValuesChange?.(values), [values, onValuesChange]);
  const validity = formValidity(form, values, uploaded);
  return (
    <form onSubmit={(event) => event.preventDefault()} aria-label={form.form_alias} noValidate>
      <DynamicForm
        form={form}
        projectId={projectId}
        values={values}
        validity={validity}
        uploaded={uploaded}
        fallbacks={kind === 'calculation' ? projectDataFallbacks(form, values, projectValues) : undefined}
        onChange={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
        onUploaded={(key, value) => {
          setValues((current) => ({ ...current, [key]: value ?? '' }));
          setUploaded((current) => {
            const next = new Set(current);
            if (value === null) next.delete(key);
            else next.add(key);
            return next;
          });
        }}
      />
      <FormActions
        form={form}
        kind={kind}
        valid={allValid(validity)}
        data={() => fieldsPayload(form, values)}
        submitter={submitter}
      />
    </form>
  );
}
