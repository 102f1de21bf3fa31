import { useState } from 'react';
import type { ScheduleSelection } from '@penstock/shared';
import { SCHEDULE_CHOICES } from './scheduleModel.ts';

export const DATA_SHEET_IN_DEVELOPMENT = 'IN DEVELOPMENT';

/**
 * The Document editing section (forms spec §2): the Data sheets drop-down (only 'IN DEVELOPMENT': no data
 * sheet is finished, so 'Open Data Sheet' stays disabled) and the Schedules drop-down with 'Open Schedule'.
 */
export function DocumentEditingSection({
  onOpenSchedule,
}: {
  onOpenSchedule: (s: ScheduleSelection) => void;
}) {
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
            <select id="data-sheet-select" className="form-select" defaultValue={DATA_SHEET_IN_DEVELOPMENT}>
              <option value={DATA_SHEET_IN_DEVELOPMENT}>{DATA_SHEET_IN_DEVELOPMENT}</option>
            </select>
            <button
              type="button"
              className="btn btn-outline-secondary"
              disabled
              title="Data sheets are in development"
            >
              Open Data Sheet
            </button>
          </div>
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
    </section>
  );
}
