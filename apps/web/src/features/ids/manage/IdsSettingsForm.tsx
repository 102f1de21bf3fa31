import { useState } from 'react';
import { Spinner } from 'react-bootstrap';
import { formatDate, PENSTOCK_DYNAMIC_PSET, type IdsGateMode, type IdsSettings } from '@penstock/shared';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { useSaveIdsSettings } from '../api.ts';

export const GATE_LABELS: Record<IdsGateMode, string> = {
  warn: 'Warn, and let it be published',
  refuse: 'Refuse to publish it with an A suitability code',
};

/**
 * The project's IDS settings: what a workflow does when a model it would publish as accepted (A1, A2…)
 * fails a required specification, and whether dynamic values are checked as the Penstock_Dynamic set.
 * Project managers change them; everyone else reads them.
 */
export function IdsSettingsForm({
  projectId,
  settings,
  canEdit,
}: {
  projectId: string;
  settings: IdsSettings;
  canEdit: boolean;
}) {
  const [gate, setGate] = useState(settings.gate);
  const [includeDynamic, setIncludeDynamic] = useState(settings.includeDynamic);
  const save = useSaveIdsSettings(projectId);
  const changed = gate !== settings.gate || includeDynamic !== settings.includeDynamic;
  return (
    <section className="card mb-3" aria-labelledby="ids-settings-title">
      <div className="card-body py-2">
        <h3 id="ids-settings-title" className="h6">
          Settings
        </h3>
        <fieldset className="mb-2" disabled={!canEdit}>
          <legend className="form-label small mb-1">When a model fails a required specification</legend>
          {(['warn', 'refuse'] as const).map((mode) => (
            <div key={mode} className="form-check">
              <input
                id={`ids-gate-${mode}`}
                type="radio"
                name="ids-gate"
                className="form-check-input"
                checked={gate === mode}
                onChange={() => setGate(mode)}
              />
              <label className="form-check-label small" htmlFor={`ids-gate-${mode}`}>
                {GATE_LABELS[mode]}
              </label>
            </div>
          ))}
        </fieldset>
        <div className="form-check mb-2">
          <input
            id="ids-dynamic"
            type="checkbox"
            className="form-check-input"
            checked={includeDynamic}
            disabled={!canEdit}
            onChange={(event) => setIncludeDynamic(event.target.checked)}
          />
          <label className="form-check-label small" htmlFor="ids-dynamic">
            Check the values entered in Penstock too, as the property set <code>{PENSTOCK_DYNAMIC_PSET}</code>
          </label>
        </div>
        {canEdit && (
          <div className="d-flex align-items-center gap-2">
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={!changed || save.isPending}
              onClick={() => save.mutate({ gate, includeDynamic })}
            >
              {save.isPending && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
              Save settings
            </button>
            {save.isSuccess && !changed && <span className="small text-success">Saved.</span>}
          </div>
        )}
        {settings.updatedAt && (
          <p className="small text-body-secondary mb-0 mt-1">
            Last changed {formatDate(settings.updatedAt, 'date-time')}
            {settings.updatedBy ? ` by ${settings.updatedBy}` : ''}.
          </p>
        )}
        {save.isError && (
          <ErrorAlert className="small py-2 mt-2 mb-0" title="Not saved." error={save.error} />
        )}
      </div>
    </section>
  );
}
