import { useState } from 'react';
import { Accordion } from 'react-bootstrap';
import { formsForProject } from '@penstock/shared';
import { Loading } from '../../../components/Loading.tsx';
import { storedOf } from '../formValues.ts';
import { useFormsConfig, useProjectInput } from '../hooks.ts';
import { FormCard } from './FormCard.tsx';
import { FormHistory } from './FormHistory.tsx';
import { LoadFailed, PanelShell } from './PanelShell.tsx';

export const PROJECT_DATA_TITLE = 'Project data';

/**
 * The Project data side panel (forms spec §2 'Project data accordion'): one collapsible card per project
 * data form of projectDataConfig.json, titled with its alias, holding the form, its buttons and its banner.
 */
export function ProjectDataPanel({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const config = useFormsConfig('projectDataConfig');
  const input = useProjectInput(projectId);
  // a restored history entry shows its values: the card starts again from the reloaded data
  const [revisions, setRevisions] = useState<Record<string, number>>({});
  const forms = formsForProject(config.forms, projectId);

  let body;
  if (config.error)
    body = <LoadFailed title="The project data forms cannot be shown." error={config.error} />;
  else if (config.isPending || input.isPending) body = <Loading label="Loading the project data..." />;
  else if (input.isError)
    body = (
      <LoadFailed
        title="The project data could not be loaded."
        error={input.error}
        onRetry={() => void input.refetch()}
      />
    );
  else if (forms.length === 0)
    body = (
      <p className="small text-body-secondary">No project data forms are configured for this project.</p>
    );
  else
    body = (
      <Accordion alwaysOpen defaultActiveKey={forms.slice(0, 1).map((form) => form.form_id)}>
        {forms.map((form) => (
          <Accordion.Item eventKey={form.form_id} key={form.form_id}>
            <Accordion.Header as="h3">{form.form_alias}</Accordion.Header>
            <Accordion.Body className="p-2">
              <div className="d-flex justify-content-end">
                <FormHistory
                  kind="input"
                  projectId={projectId}
                  formId={form.form_id}
                  formAlias={form.form_alias}
                  onRestored={() =>
                    setRevisions((current) => ({
                      ...current,
                      [form.form_id]: (current[form.form_id] ?? 0) + 1,
                    }))
                  }
                />
              </div>
              <FormCard
                key={`${projectId}:${form.form_id}:${revisions[form.form_id] ?? 0}`}
                form={form}
                kind="input"
                projectId={projectId}
                stored={storedOf(input.data.values, form.form_id)}
              />
            </Accordion.Body>
          </Accordion.Item>
        ))}
      </Accordion>
    );

  return (
    <PanelShell title={PROJECT_DATA_TITLE} onClose={onClose}>
      {body}
    </PanelShell>
  );
}
