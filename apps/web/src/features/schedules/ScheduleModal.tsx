import { useCallback, useMemo, useRef, useState } from 'react';
import { Modal, Spinner } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import {
  canSubmitSchedule,
  scheduleColumns,
  scheduleTitle,
  type ScheduleSelection,
  type StaticRecord,
} from '@penstock/shared';
import { errorMessage } from '../../base/api.ts';
import { ALL_CLASSES, type Edits } from '../objectEditor/objectEditor.ts';
import { saveObjectData } from '../objectEditor/saveObjectData.ts';
import type { PropertyValues } from '../viewer/sessionCopy.ts';
import { downloadBlob } from '../../base/download.ts';
import { scheduleSavedMessage, submitSchedule } from './api.ts';
import { BulkEditPanel } from './BulkEditPanel.tsx';
import { ScheduleGrid } from './ScheduleGrid.tsx';
import {
  bulkEdit,
  nextDataSaved,
  scheduleCategories,
  scheduleItems,
  scheduleRowsOf,
  scheduleTypeOf,
  type ScheduleItem,
} from './scheduleModel.ts';
import './schedules.css';

export const DATA_SAVED = 'Data Saved';
export const ERROR_PREFIX = 'An Error Occured: ';
export const SUBMIT_LABEL = 'Submit to Penstock';
export const SAVE_FAILED_ON_CLOSE = 'The schedule data could not be saved when the schedule was closed:';

export interface ScheduleModalProps {
  selection: ScheduleSelection;
  projectName: string;
  /** the model's file name (valve and SAP schedules need it) */
  fileName: string;
  versionId: string;
  values: PropertyValues;
  onClose: () => void;
}

type Status = { kind: 'saved' } | { kind: 'submitted'; message: string } | { kind: 'error'; message: string };

/**
 * A schedule modal (forms spec §2 'Schedule modals', §4, §5, §8): the schedule's rows of the open model with
 * its dynamic values editable, the bulk-edit side panel, Save Data (savedynamic + savestatic) and the submit
 * to the project's schedules folder. The SAP schedule only submits.
 */
export function ScheduleModal({
  selection,
  projectName,
  fileName,
  versionId,
  values,
  onClose,
}: ScheduleModalProps) {
  const queryClient = useQueryClient();
  const type = scheduleTypeOf(selection);
  const submitOnly = type === 'sap';
  const columns = useMemo(() => scheduleColumns(type), [type]);
  const items = useMemo(() => scheduleItems(values, fileName), [values, fileName]);
  const rows = useMemo(() => scheduleRowsOf(type, items), [type, items]);
  /** one object per tag for the Object Table */
  const objects = useMemo(() => {
    const seen = new Map<string, ScheduleItem>();
    for (const row of rows)
      for (const object of row.objects) if (!seen.has(object.tag)) seen.set(object.tag, object);
    return [...seen.values()];
  }, [rows]);
  const lockedTags = useMemo(() => new Set(objects.filter((o) => o.locked).map((o) => o.tag)), [objects]);

  const [edits, setEdits] = useState<Edits>({});
  const [dataSaved, setDataSaved] = useState(true);
  const [saving, setSaving] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);
  const [objectType, setObjectType] = useState(ALL_CLASSES);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [properties, setProperties] = useState<string[]>([]);
  const [bulkValues, setBulkValues] = useState<Record<string, string>>({});
  const closing = useRef(false);

  const onEdit = useCallback((tags: string[], column: string, value: string) => {
    setEdits((current) => bulkEdit(current, tags, column, value));
    setDataSaved((current) => nextDataSaved(current, 'edit'));
    setStatus(null);
  }, []);

  const applyBulk = (propName: string, value: string) => {
    setBulkValues((current) => ({ ...current, [propName]: value }));
    setEdits((current) => bulkEdit(current, selected, propName, value, lockedTags));
    setDataSaved((current) => nextDataSaved(current, 'edit'));
    setStatus(null);
  };

  const statics = useCallback((): StaticRecord[] => {
    const tags = new Set(objects.map((o) => o.tag));
    return values.StatPropValues.filter((record) => tags.has(record.tag));
  }, [objects, values]);

  /** Save Data: both sets; the flag turns true only when both saves succeed. */
  const save = async (): Promise<boolean> => {
    setSaving(true);
    setStatus(null);
    try {
      const both = await saveObjectData({
        queryClient,
        versionId,
        fileName,
        values,
        edits,
        statics: statics(),
      });
      setDataSaved((current) => nextDataSaved(current, both ? 'saved' : 'saveFailed'));
      if (both) setStatus({ kind: 'saved' });
      return both;
    } catch (failure) {
      setDataSaved((current) => nextDataSaved(current, 'saveFailed'));
      setStatus({ kind: 'error', message: ERROR_PREFIX + errorMessage(failure) });
      return false;
    } finally {
      setSaving(false);
    }
  };

  const submit = async () => {
    const refused = canSubmitSchedule({ projectName, fileName, dataSaved, type });
    if (refused) {
      window.alert(refused);
      return;
    }
    setSubmitting(true);
    setStatus(null);
    try {
      const file = await submitSchedule({
        projectName,
        type,
        categories: scheduleCategories(selection),
        fileName,
      });
      downloadBlob(file.workbook, file.fileName);
      void queryClient.invalidateQueries({ queryKey: ['tree'] });
      setStatus({ kind: 'submitted', message: scheduleSavedMessage(file.fileName) });
    } catch (failure) {
      setStatus({ kind: 'error', message: ERROR_PREFIX + errorMessage(failure) });
    } finally {
      setSubmitting(false);
    }
  };

  /** Closing saves both sets (failures are logged only, spec §8), then clears the schedule's choices. */
  const close = async () => {
    if (closing.current) return;
    closing.current = true;
    if (!submitOnly && !dataSaved) {
      try {
        await saveObjectData({ queryClient, versionId, fileName, values, edits, statics: statics() });
      } catch (failure) {
        console.error(SAVE_FAILED_ON_CLOSE, errorMessage(failure));
      }
    }
    setProperties([]);
    setSelected(new Set());
    onClose();
  };

  const title = scheduleTitle(type, projectName);
  return (
    <Modal
      show
      fullscreen
      onHide={() => void close()}
      aria-labelledby="schedule-modal-title"
      dialogClassName="schedule-modal"
    >
      <Modal.Header closeButton>
        <Modal.Title id="schedule-modal-title" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="schedule-body">
        <div className="schedule-main">
          <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
            {!submitOnly && (
              <button
                type="button"
                className="btn btn-sm btn-success"
                disabled={saving || submitting}
                onClick={() => void save()}
              >
                {saving ? (
                  <>
                    <Spinner size="sm" className="me-1" aria-hidden="true" />
                    Saving...
                  </>
                ) : (
                  'Save Data'
                )}
              </button>
            )}
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={saving || submitting}
              title="Build the workbook from the saved values and store it in the project's Published/Schedules folder"
              onClick={() => void submit()}
            >
              {submitting ? (
                <>
                  <Spinner size="sm" className="me-1" aria-hidden="true" />
                  Submitting...
                </>
              ) : (
                SUBMIT_LABEL
              )}
            </button>
            <span className="small text-body-secondary">
              {rows.length} {rows.length === 1 ? 'row' : 'rows'}
              {!submitOnly && !dataSaved && ' · unsaved changes'}
            </span>
            {status && (
              <div
                role={status.kind === 'error' ? 'alert' : 'status'}
                className={`alert py-1 px-2 mb-0 small ms-auto alert-${status.kind === 'error' ? 'danger' : 'success'}`}
              >
                {status.kind === 'saved' ? DATA_SAVED : status.message}
              </div>
            )}
          </div>
          {rows.length === 0 ? (
            <p className="text-body-secondary">
              This model has no tagged objects of the categories this schedule lists.
            </p>
          ) : (
            <ScheduleGrid
              type={type}
              columns={columns}
              rows={rows}
              edits={edits}
              onEdit={submitOnly ? () => undefined : onEdit}
            />
          )}
        </div>
        {!submitOnly && (
          <BulkEditPanel
            objects={objects}
            objectType={objectType}
            onObjectType={setObjectType}
            selected={selected}
            onSelected={setSelected}
            properties={properties}
            onProperties={setProperties}
            values={bulkValues}
            onApply={applyBulk}
          />
        )}
      </Modal.Body>
    </Modal>
  );
}
