import { useState } from 'react';
import { CLOTH_FILTER_SHEET_TITLE, type ScheduleSelection } from '@penstock/shared';
import { useAppStore } from '../../base/store.tsx';
import { ClothFilterSheetModal } from '../dataSheets/ClothFilterSheetModal.tsx';
import { PumpSheetModal } from '../dataSheets/PumpSheetModal.tsx';
import { SCHEDULE_CHOICES } from './scheduleModel.ts';

export const DATA_SHEET_IN_DEVELOPMENT = 'IN DEVELOPMENT';
export const NO_PROJECT_FOR_DATA_SHEET = 'Choose a project to open the Cloth Filter data sheet';

type DataSheet = 'cloth_filter' | 'pump';
export const DATA_SHEET_CHOICES: readonly { value: DataSheet; label: string }[] = [
  { value: 'cloth_filter', label: CLOTH_FILTER_SHEET_TITLE },
  { value: 'pump', label: `Pump data sheet (${DATA_SHEET_IN_DEVELOPMENT})` },
];

/**
 * The Document editing section (forms spec §2): the Data sheets drop-down with 'Open Data Sheet' (the Cloth
 * Filter data sheet of the selected project, or the pump sheet's placeholder) and the Schedules drop-down with
 * 'Open Schedule'.
 */
export function DocumentEditingSection({
  onOpenSchedule,
}: {
  onOpenSchedule: (s: ScheduleSelection) => void;
}) {
  const projectId = useAppStore().state.selectedProject?.projectid ?? null;
  const [sheet, setSheet] = useState<DataSheet>('cloth_filter');
  const [openSheet, setOpenSheet] = useState<DataSheet | null>(null);
  const needsProject = sheet === 'cloth_filter' && !projectId;
  const [schedule, setSchedule] = useState<ScheduleSelection | ''>('');
  return (
    <section className="mb-3" aria-labelledby="document-editing-heading">
      <h2 id="document-editing-heading" className="h6">
        Document editing section
      </h2>
      <div className="row g-2 align-items-end">
        <div className="col-12">
          <label className="form-label small mb-1" htmlFor="data-sheet-select">
            Data sheets
          </label>
          <div className="input-group input-group-sm">
            <select
              id="data-sheet-select"
              className="form-select"
              value={sheet}
              onChange={(event) => setSheet(event.target.value as DataSheet)}
            >
              {DATA_SHEET_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="btn btn-primary"
              disabled={needsProject}
              title={needsProject ? NO_PROJECT_FOR_DATA_SHEET : undefined}
              aria-describedby={needsProject ? 'data-sheet-hint' : undefined}
              onClick={() => setOpenSheet(sheet)}
            >
              Open Data Sheet
            </button>
          </div>
          {needsProject && (
            <div id="data-sheet-hint" className="form-text">
              {NO_PROJECT_FOR_DATA_SHEET}
            </div>
          )}
        </div>
        <div className="col-12">
          <label className="form-label small mb-1" htmlFor="schedule-select">
            Schedules
          </label>
          <div className="input-group input-group-sm">
            <select
              id="schedule-select"
              className="form-select"
              value={schedule}
              onChange={(event) => setSchedule(event.target.value as ScheduleSelection | '')}
            >
              <option value="">Choose a schedule</option>
              {SCHEDULE_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="btn btn-primary"
              disabled={!schedule}
              onClick={() => schedule && onOpenSchedule(schedule)}
            >
              Open Schedule
            </button>
          </div>
        </div>
      </div>
      {openSheet === 'cloth_filter' && projectId && (
        <ClothFilterSheetModal key={projectId} projectId={projectId} onClose={() => setOpenSheet(null)} />
      )}
      {openSheet === 'pump' && <PumpSheetModal onClose={() => setOpenSheet(null)} />}
    </section>
  );
}
