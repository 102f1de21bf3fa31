import { useState } from 'react';
import type { ScheduleSelection } from '@penstock/shared';
import { ObjectEditorPane } from '../objectEditor/ObjectEditorPane.tsx';
import { DocumentEditingSection } from '../schedules/DocumentEditingSection.tsx';
import { ScheduleModal } from '../schedules/ScheduleModal.tsx';
import type { AutomaticDocumentationProps } from '../viewer/extensions.tsx';

/** The panel's props: the viewer's extension point defines them (features/viewer/extensions.tsx). */
export type AutomaticDocumentationPanelProps = AutomaticDocumentationProps;

/**
 * The meta properties side panel, opened by Automatic Documentation (forms spec §2): the Document editing
 * section (data sheets, schedules) and the Model object editing section; a schedule opens in its modal.
 */
export function AutomaticDocumentationPanel(props: AutomaticDocumentationPanelProps) {
  const [schedule, setSchedule] = useState<ScheduleSelection | null>(null);
  return (
    <div className="automatic-documentation p-2" aria-label="Automatic Documentation">
      <div className="d-flex align-items-center mb-2">
        <h2 className="h5 mb-0 me-auto">Automatic Documentation</h2>
        <button
          type="button"
          className="btn-close"
          aria-label="Close Automatic Documentation"
          onClick={props.onClose}
        />
      </div>
      <DocumentEditingSection onOpenSchedule={setSchedule} />
      <ObjectEditorPane
        versionId={props.versionId}
        fileName={props.fileName}
        values={props.values}
        selectedTag={props.selectedTag}
        selectedInModel={props.selectedInModel ?? null}
        projectId={props.projectId}
        mayLock={props.mayLock}
      />
      {schedule && (
        <ScheduleModal
          selection={schedule}
          projectName={props.projectName}
          fileName={props.fileName}
          versionId={props.versionId}
          values={props.values}
          onClose={() => setSchedule(null)}
        />
      )}
    </div>
  );
}
