import { useState } from 'react';
import type { ScheduleSelection } from '@penstock/shared';
import { ObjectEditorPane } from '../objectEditor/ObjectEditorPane.tsx';
import { DocumentEditingSection } from '../schedules/DocumentEditingSection.tsx';
import { ScheduleModal } from '../schedules/ScheduleModal.tsx';
import type { PropertyValues } from '../viewer/sessionCopy.ts';

export interface AutomaticDocumentationPanelProps {
  versionId: string;
  /** the model's project, and whether the signed-in user may lock values in it ('lockValues') */
  projectId?: string | undefined;
  mayLock?: boolean | undefined;
  projectName: string;
  fileName: string;
  /** the tab's meta-property data (the panel only opens once it is loaded) */
  values: PropertyValues;
  /** the selected object's tag: null when nothing is selected, '' when it has no tag */
  selectedTag: string | null;
  onClose: () => void;
}

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
