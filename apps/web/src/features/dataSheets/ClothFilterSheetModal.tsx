import { useState } from 'react';
import { Alert, Button, Modal, Spinner } from 'react-bootstrap';
import { useMutation } from '@tanstack/react-query';
import {
  CLOTH_FILTER_CONSTANTS,
  CLOTH_FILTER_SHEET,
  CLOTH_FILTER_SHEET_ID,
  CLOTH_FILTER_SHEET_TITLE,
  clothFilterDerived,
} from '@penstock/shared';
import { errorMessage } from '../../base/api.ts';
import { Loading } from '../../components/Loading.tsx';
import { useCurrentUser } from '../auth/hooks/useCurrentUser.ts';
import { createReport, type CreatedReport } from '../projectData/api.ts';
import { FormCard } from '../projectData/components/FormCard.tsx';
import { LoadFailed } from '../projectData/components/PanelShell.tsx';
import { storedOf, type Values } from '../projectData/formValues.ts';
import { useProjectInput } from '../projectData/hooks.ts';
import { useOpenReport } from '../projectData/useOpenReport.ts';

/** Where the exported sheet is stored in the project. */
export const DATA_SHEETS_FOLDER = 'WIP/Data sheets';
export const HANDOVER_TITLE = 'Handover test and sampling';

/** 'Stored as <folder>/<file> (<revision>)' of an exported sheet. */
export const storedAs = (report: CreatedReport): string =>
  `Stored as ${report.folderPath ? `${report.folderPath}/` : ''}${report.fileName}${
    report.revision ? ` (${report.revision})` : ''
  }`;

/**
 * The Cloth Filter data sheet (forms spec §2 'Document editing section', §3 fields, §9 rules): the sheet's
 * form with its Save (saveprojectinput, category = the sheet's form id), beside it the handover test and
 * sampling rules applied to the values as they are typed, and 'Export PDF', which stores the sheet as a PDF in
 * WIP/Data sheets and offers to open it in a viewer tab.
 */
export function ClothFilterSheetModal({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const input = useProjectInput(projectId);
  const [values, setValues] = useState<Values>({});

  let body;
  if (input.isPending) body = <Loading label="Loading the data sheet..." />;
  else if (input.isError)
    body = (
      <LoadFailed
        title="The data sheet could not be loaded."
        error={input.error}
        onRetry={() => void input.refetch()}
      />
    );
  else
    body = (
      <div className="row g-3">
        <div className="col-lg-8">
          <FormCard
            form={CLOTH_FILTER_SHEET}
            kind="input"
            projectId={projectId}
            stored={storedOf(input.data.values, CLOTH_FILTER_SHEET_ID)}
            onValuesChange={setValues}
          />
        </div>
        <div className="col-lg-4">
          <HandoverBox values={values} />
        </div>
      </div>
    );

  return (
    <Modal show onHide={onClose} size="xl" scrollable aria-labelledby="cloth-filter-sheet-title">
      <Modal.Header closeButton>
        <Modal.Title id="cloth-filter-sheet-title" className="h5">
          {CLOTH_FILTER_SHEET_TITLE}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{body}</Modal.Body>
      <Modal.Footer className="d-block">
        <ExportSheet projectId={projectId} onOpened={onClose} />
      </Modal.Footer>
    </Modal>
  );
}

/** The sheet's rules (spec §9) applied to the current values. */
export function HandoverBox({ values }: { values: Values }) {
  const derived = clothFilterDerived(values);
  const c = CLOTH_FILTER_CONSTANTS;
  return (
    <section className="border rounded p-2 small" aria-labelledby="handover-heading">
      <h3 id="handover-heading" className="h6">
        {HANDOVER_TITLE}
      </h3>
      <dl className="mb-2">
        <dt>Handover test</dt>
        <dd>{derived.handoverTest}</dd>
        <dt>Sampling</dt>
        <dd>
          <span data-testid="spot-samples">Spot samples: {derived.spotSamples}</span>
          <span className="d-block text-body-secondary">
            {c.spotSamplesAboveThreshold} when total P is above {c.totalPThresholdMgL} mg/l, else{' '}
            {c.spotSamplesAtOrBelowThreshold}
          </span>
        </dd>
        <dt>Design wastewater temperatures</dt>
        <dd>
          Maximum {derived.temperatures.maxC} °C, minimum {derived.temperatures.minC} °C
        </dd>
        <dt>Backwash</dt>
        <dd className="mb-0">Backwash at least once a day</dd>
      </dl>
      {derived.warnings.length > 0 && (
        <Alert variant="warning" className="small py-2 mb-0">
          <ul className="mb-0 ps-3">
            {derived.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </Alert>
      )}
    </section>
  );
}

/** 'Export PDF': createreport for the sheet; the stored PDF can then be opened in a viewer tab. */
function ExportSheet({ projectId, onOpened }: { projectId: string; onOpened: () => void }) {
  const userId = useCurrentUser().data?.id ?? '';
  const openReport = useOpenReport();
  const exporter = useMutation({
    mutationFn: () =>
      createReport({
        userId,
        projectid: projectId,
        report_id: CLOTH_FILTER_SHEET_ID,
        report_name: CLOTH_FILTER_SHEET_TITLE,
        bim360_folder_id: DATA_SHEETS_FOLDER,
        fileType: 'pdf',
        fmejob: '',
        schema: '',
        PLM_project_id: '',
      }),
  });
  return (
    <div className="d-flex flex-wrap align-items-start gap-2">
      <div className="me-auto flex-grow-1" aria-live="polite">
        {exporter.isSuccess && (
          <Alert variant="success" className="small py-2 mb-0 d-flex align-items-center" role="status">
            <span className="me-auto">{storedAs(exporter.data)}</span>
            <Button
              size="sm"
              variant="outline-success"
              className="ms-2"
              onClick={() => {
                openReport(exporter.data);
                onOpened();
              }}
            >
              Open
            </Button>
          </Alert>
        )}
        {exporter.isError && (
          <Alert variant="danger" className="small py-2 mb-0" role="alert">
            {errorMessage(exporter.error)}
          </Alert>
        )}
      </div>
      <Button
        variant="primary"
        size="sm"
        disabled={exporter.isPending}
        title="Store the saved data sheet as a PDF in WIP/Data sheets"
        onClick={() => exporter.mutate()}
      >
        {exporter.isPending && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
        {exporter.isPending ? 'Exporting...' : 'Export PDF'}
      </Button>
    </div>
  );
}
