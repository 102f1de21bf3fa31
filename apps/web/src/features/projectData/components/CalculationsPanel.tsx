import { useMemo, useState } from 'react';
import Select from 'react-select';
import { formsForProject } from '@penstock/shared';
import { Loading } from '../../../components/Loading.tsx';
import { menuInBody } from '../../../components/selectMenu.ts';
import { storedOf } from '../formValues.ts';
import { useCalculationData, useFormsConfig, useProjectInput } from '../hooks.ts';
import { FormCard } from './FormCard.tsx';
import { FormHistory } from './FormHistory.tsx';
import { LoadFailed, PanelShell } from './PanelShell.tsx';

export const CALCULATIONS_TITLE = 'Calculations';
export const SELECT_CALCULATION = 'Select calculation';

interface CalculationOption {
  value: string;
  label: string;
}

/**
 * The Calculations side panel (forms spec §2 'Calculations selector'): a searchable 'Select calculation'
 * drop-down of the calculation forms by alias; the chosen one shows its form, buttons, banner and results.
 * Changing the selected project resets the choice.
 */
export function CalculationsPanel({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const config = useFormsConfig('calculationsConfig');
  const data = useCalculationData(projectId);
  // the saved project data that empty fields fall back to (the note under them waits for it quietly)
  const projectInput = useProjectInput(projectId);
  // the choice belongs to the project it was made for
  const [choice, setChoice] = useState<{ projectId: string; formId: string } | null>(null);
  const forms = useMemo(() => formsForProject(config.forms, projectId), [config.forms, projectId]);
  const options = useMemo<CalculationOption[]>(
    () => forms.map((form) => ({ value: form.form_id, label: form.form_alias })),
    [forms],
  );
  const formId = choice?.projectId === projectId ? choice.formId : null;
  // a restored history entry shows its values: the form starts again from the reloaded data
  const [revision, setRevision] = useState(0);
  const form = forms.find((candidate) => candidate.form_id === formId);

  let body;
  if (!form) body = null;
  else if (data.isPending) body = <Loading label="Loading the calculation data..." />;
  else if (data.isError)
    body = (
      <LoadFailed
        title="The calculation data could not be loaded."
        error={data.error}
        onRetry={() => void data.refetch()}
      />
    );
  else
    body = (
      <div className="mt-3">
        <div className="d-flex align-items-center mb-2">
          <h3 className="h6 mb-0 me-auto">{form.form_alias}</h3>
          <FormHistory
            kind="calculation"
            projectId={projectId}
            formId={form.form_id}
            formAlias={form.form_alias}
            onRestored={() => setRevision((current) => current + 1)}
          />
        </div>
        <FormCard
          key={`${projectId}:${form.form_id}:${revision}`}
          form={form}
          kind="calculation"
          projectId={projectId}
          stored={storedOf(data.data.values, form.form_id)}
          runs={data.data.runs.filter((run) => run.form === form.form_id)}
          projectValues={projectInput.data?.values}
        />
      </div>
    );

  return (
    <PanelShell title={CALCULATIONS_TITLE} onClose={onClose}>
      {config.error ? (
        <LoadFailed title="The calculations cannot be shown." error={config.error} />
      ) : (
        <>
          <label className="form-label small mb-1" htmlFor="calculation-select">
            Calculation
          </label>
          <Select<CalculationOption, false>
            inputId="calculation-select"
            aria-label={SELECT_CALCULATION}
            placeholder={SELECT_CALCULATION}
            classNamePrefix="calculation-select"
            options={options}
            value={options.find((option) => option.value === formId) ?? null}
            isLoading={config.isPending}
            isClearable
            noOptionsMessage={({ inputValue }) =>
              inputValue
                ? `No calculation matches "${inputValue}"`
                : 'No calculations are configured for this project.'
            }
            onChange={(option) => setChoice(option ? { projectId, formId: option.value } : null)}
            {...menuInBody}
          />
          {body}
        </>
      )}
    </PanelShell>
  );
}
