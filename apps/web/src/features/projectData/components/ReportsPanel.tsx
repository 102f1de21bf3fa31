import { useState, type MouseEvent } from 'react';
import { Button, Form, OverlayTrigger, Spinner, Tooltip } from 'react-bootstrap';
import { isModelFile } from '@penstock/shared';
import { useAppStore, type OpenModel } from '../../../base/store.tsx';
import { FaCircleCheck, FaCircleXmark, FaPlus } from 'react-icons/fa6';
import { errorMessage } from '../../../base/api.ts';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser.ts';
import { Loading } from '../../../components/Loading.tsx';
import { createReport, type CreatedReport } from '../api.ts';
import { useFailedMessage, useReportConfig } from '../hooks.ts';
import { useOpenReport } from '../useOpenReport.ts';
import { LoadFailed, PanelShell } from './PanelShell.tsx';
import { ListTable } from '../../../components/ListDialog.tsx';

export const REPORTS_TITLE = 'Reports';
export const CREATE_REPORT_TOOLTIP = 'Create and upload report to Penstock';
export const NO_REPORTS = 'No reports are configured for this project.';
export const REGISTER_MODEL_LABEL = 'Asset register from';
export const LATEST_MODEL = 'The latest converted model';

/** The open tabs that show a model (the asset register is read from a model's conversion). */
const openModelFiles = (tabs: readonly OpenModel[]) =>
  tabs.filter((tab) => tab.fileType.toLowerCase() === 'ifc' || isModelFile(tab.name));
/** The id createreport's modelId takes: the version the tab shows, else its item. */
const modelIdOf = (tab: OpenModel) => tab.versionId ?? tab.id;

type ReportRun =
  { state: 'running' } | { state: 'success'; report: CreatedReport } | { state: 'failed'; message: string };

/**
 * The Reports side panel (forms spec §2 'Reports table'): the project's reports (reports_config.json) with
 * Title, Description and an action column. Clicking a row or its icon creates the PDF and stores it in the
 * project; the icon shows add, success or danger, with a spinner while running; a stored PDF can be opened.
 */
export function ReportsPanel({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const config = useReportConfig(projectId);
  const userId = useCurrentUser().data?.id ?? '';
  const failed = useFailedMessage();
  const openReport = useOpenReport();
  const [runs, setRuns] = useState<Record<string, ReportRun>>({});
  const runKey = (reportId: string) => `${projectId}:${reportId}`;
  // the asset register's model: the user's choice, else the model open in the viewer, else the latest one
  const models = openModelFiles(useAppStore().state.openModels);
  const [chosenModel, setChosenModel] = useState<string | null>(null);
  const openModel = models.find((tab) => tab.selected) ?? models[0];
  const modelId =
    chosenModel !== null && (chosenModel === '' || models.some((tab) => modelIdOf(tab) === chosenModel))
      ? chosenModel
      : openModel
        ? modelIdOf(openModel)
        : '';

  const create = async (reportId: string) => {
    const report = config.data?.reports.find((entry) => entry.report_id === reportId);
    if (!report || !config.data || runs[runKey(reportId)]?.state === 'running') return;
    const key = runKey(reportId);
    setRuns((current) => ({ ...current, [key]: { state: 'running' } }));
    let next: ReportRun;
    try {
      const created = await createReport({
        userId,
        projectid: projectId,
        report_id: report.report_id,
        report_name: report.report_title,
        bim360_folder_id: report.bim360_folder_id,
        fileType: 'pdf',
        fmejob: report.fmejob,
        schema: report.schema,
        PLM_project_id: config.data.PLM_project_id,
        ...(modelId ? { modelId } : {}),
      });
      next = { state: 'success', report: created };
    } catch (failure) {
      next = { state: 'failed', message: `${failed(report.report_title)}: ${errorMessage(failure)}` };
    }
    setRuns((current) => ({ ...current, [key]: next }));
  };

  let body;
  if (config.isPending) body = <Loading label="Loading the reports..." />;
  else if (config.isError)
    body = (
      <LoadFailed
        title="The reports could not be loaded."
        error={config.error}
        onRetry={() => void config.refetch()}
      />
    );
  else if (!config.data || config.data.reports.length === 0)
    body = <p className="small text-body-secondary">{NO_REPORTS}</p>;
  else
    body = (
      <ListTable
        size="sm"
        hover
        className="small reports-table"
        columns={['Title', 'Description', { label: 'Create', hidden: true }]}
      >
        {config.data.reports.map((report) => {
          const run = runs[runKey(report.report_id)];
          const onIcon = (event: MouseEvent) => {
            event.stopPropagation();
            void create(report.report_id);
          };
          return (
            <tr
              key={report.report_id}
              aria-busy={run?.state === 'running'}
              onClick={() => void create(report.report_id)}
            >
              <td>
                {report.report_title}
                {run?.state === 'failed' && (
                  <div className="text-danger mt-1" role="alert">
                    {run.message}
                  </div>
                )}
                {run?.state === 'success' && (
                  <div className="text-success mt-1">
                    Stored as {run.report.folderPath ? `${run.report.folderPath}/` : ''}
                    {run.report.fileName}
                    {run.report.revision ? ` (${run.report.revision})` : ''}
                    <Button
                      size="sm"
                      variant="link"
                      className="py-0"
                      onClick={(event) => {
                        event.stopPropagation();
                        openReport(run.report);
                      }}
                    >
                      Open
                    </Button>
                  </div>
                )}
              </td>
              <td>{report.description}</td>
              <td className="text-end text-nowrap">
                <OverlayTrigger placement="left" overlay={<Tooltip>{CREATE_REPORT_TOOLTIP}</Tooltip>}>
                  <Button
                    size="sm"
                    variant="light"
                    aria-label={`${CREATE_REPORT_TOOLTIP}: ${report.report_title}`}
                    disabled={run?.state === 'running'}
                    onClick={onIcon}
                  >
                    {run?.state === 'running' && (
                      <Spinner animation="border" size="sm" className="me-1" role="status">
                        <span className="visually-hidden">Creating the report...</span>
                      </Spinner>
                    )}
                    <ReportIcon run={run} />
                  </Button>
                </OverlayTrigger>
              </td>
            </tr>
          );
        })}
      </ListTable>
    );

  return (
    <PanelShell title={REPORTS_TITLE} onClose={onClose}>
      <Form.Group className="mb-2" controlId="report-register-model">
        <Form.Label className="small mb-1">{REGISTER_MODEL_LABEL}</Form.Label>
        <Form.Select size="sm" value={modelId} onChange={(event) => setChosenModel(event.target.value)}>
          {models.map((tab) => (
            <option key={tab.id} value={modelIdOf(tab)}>
              {tab.name}
              {tab.selected ? ' (open in the viewer)' : ''}
            </option>
          ))}
          <option value="">{LATEST_MODEL}</option>
        </Form.Select>
      </Form.Group>
      {body}
    </PanelShell>
  );
}

function ReportIcon({ run }: { run: ReportRun | undefined }) {
  if (run?.state === 'success')
    return <FaCircleCheck className="text-success" role="img" aria-label="Report created" />;
  if (run?.state === 'failed')
    return <FaCircleXmark className="text-danger" role="img" aria-label="Report failed" />;
  return <FaPlus role="img" aria-label="Create report" />;
}
