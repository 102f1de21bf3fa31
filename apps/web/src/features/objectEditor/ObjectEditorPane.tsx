import { useMemo, useState } from 'react';
import { Accordion } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import type { StaticRecord } from '@penstock/shared';
import { errorMessage } from '../../base/api.ts';
import type { ElementWithProps, PropertyValues } from '../viewer/sessionCopy.ts';
import { saveObjectData } from './saveObjectData.ts';
import { DynamicValuesTable } from './DynamicValuesTable.tsx';
import { LockHistory } from './LockHistory.tsx';
import { useLockValues } from './useLockValues.ts';
import { ALL_CLASSES, MAX_EDITOR_OBJECTS, shownStatic, withEdit, type Edits } from './objectEditor.ts';

export const INSTRUCTION_TEXT = 'Select an object in the model to edit its data.';
export const NO_TAG_TEXT = 'No tag present on selected object';
export const NO_TAG_HINT = 'Please select a different object';
export const SAVED_TEXT = 'Data Saved';
export const SAVE_FAILED_PREFIX = 'An Error Occured: ';
/** The selected object is in another model of a federated view: the editor edits the tab's model only. */
export const otherModelText = (fileName: string) =>
  `The selected object is in ${fileName}, another model of this view: its data is edited in that model’s own tab.`;

export interface ObjectEditorPaneProps {
  versionId: string;
  /** the model's file name: the tab's session copy is stored under it */
  fileName: string;
  /** the tab's property data (undefined while loading) */
  values: PropertyValues | undefined;
  /** the selected object's tag: null when nothing is selected, '' when the object has no tag */
  selectedTag: string | null;
  /**
   * the file name of the other model of the view the selected object is in (null: the tab's own, or none):
   * the editor keeps to its own model's data (issue 33: per model) and says where the object is
   */
  selectedInModel?: string | null;
  /** the model's project: with it, the lock history and (for managers) the lock controls show */
  projectId?: string | undefined;
  /**
   * whether the signed-in user may lock values in that project (POST /api/properties/lock: 'lockValues'),
   * from the caller's useMayInProject
   */
  mayLock?: boolean | undefined;
  onClose?: () => void;
}

interface Item {
  tag: string;
  category: string;
}

/**
 * The Model object editing section (forms spec §2): the selected object (or, with Show All, every object of
 * the chosen type) with its static values (read-only) and its dynamic values (editable unless locked), and
 * Save Data storing them (savedynamic, savestatic; spec §7, §8).
 */
export function ObjectEditorPane({
  versionId,
  fileName,
  values,
  selectedTag,
  selectedInModel = null,
  projectId,
  mayLock = false,
  onClose,
}: ObjectEditorPaneProps) {
  const queryClient = useQueryClient();
  const [type, setType] = useState(ALL_CLASSES);
  const [showAll, setShowAll] = useState(false);
  const [edits, setEdits] = useState<Edits>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const canLock = !!projectId && mayLock;
  const locks = useLockValues({ versionId, fileName, projectId: projectId ?? '' });

  const staticByTag = useMemo(
    () => new Map((values?.StatPropValues ?? []).map((record) => [record.tag, record])),
    [values],
  );
  const dynamicByTag = useMemo(
    () => new Map((values?.DynaPropValues ?? []).map((record) => [record.tag, record])),
    [values],
  );

  const { items, total } = useMemo(() => {
    const seen = new Set<string>();
    const list: Item[] = [];
    const add = (element: Pick<ElementWithProps, 'tag' | 'category'>) => {
      if (seen.has(element.tag)) return;
      seen.add(element.tag);
      list.push({ tag: element.tag, category: element.category });
    };
    if (showAll) {
      for (const element of values?.ElemWithProps ?? [])
        if (type === ALL_CLASSES || element.category === type) add(element);
    } else if (selectedTag) {
      const element =
        values?.ElemWithProps.find((e) => e.tag === selectedTag) ?? staticByTag.get(selectedTag) ?? null;
      if (element) add(element);
    }
    return { items: list.slice(0, MAX_EDITOR_OBJECTS), total: list.length };
  }, [showAll, type, selectedTag, values, staticByTag]);

  const edit = (tag: string, propName: string, value: string) => {
    setEdits((current) => withEdit(current, tag, propName, value));
    setSaved(false);
  };

  const save = async () => {
    if (!values) return;
    setSaving(true);
    setSaved(false);
    const statics = items
      .map((item) => staticByTag.get(item.tag))
      .filter((record): record is StaticRecord => record !== undefined);
    let bothSaved = false;
    try {
      bothSaved = await saveObjectData({ queryClient, versionId, fileName, values, edits, statics });
    } catch (failure) {
      setSaving(false);
      window.alert(SAVE_FAILED_PREFIX + errorMessage(failure));
      return;
    }
    setEdits({});
    setSaving(false);
    setSaved(bothSaved);
  };

  return (
    <section className="object-editor border-top pt-2" aria-label="Model object editing section">
      <div className="d-flex align-items-center gap-2 mb-2">
        <h2 className="h6 mb-0 me-auto">Model object editing section</h2>
        {onClose && (
          <button
            type="button"
            className="btn-close"
            aria-label="Close the object editor"
            onClick={onClose}
          />
        )}
      </div>
      <div className="d-flex flex-wrap gap-2 mb-2">
        <button
          type="button"
          className={`btn btn-sm ${showAll ? 'btn-primary' : 'btn-outline-primary'}`}
          aria-pressed={showAll}
          onClick={() => setShowAll(!showAll)}
        >
          Show All
        </button>
        <button
          type="button"
          className="btn btn-sm btn-success"
          disabled={!values || saving}
          onClick={() => void save()}
        >
          {saving ? 'Saving…' : 'Save Data'}
        </button>
        <label className="d-flex align-items-center gap-2 flex-grow-1">
          <span className="small text-nowrap">Select Object Type</span>
          <select
            className="form-select form-select-sm"
            aria-label="Select Object Type"
            value={type}
            onChange={(event) => setType(event.target.value)}
          >
            <option value={ALL_CLASSES}>{ALL_CLASSES}</option>
            {(values?.Categories ?? []).map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="small text-body-secondary mb-2">{INSTRUCTION_TEXT}</p>
      {saved && (
        <div role="status" className="alert alert-success py-1 px-2 small">
          {SAVED_TEXT}
        </div>
      )}
      {!values && <p className="small">Loading the object data…</p>}
      {!showAll && selectedInModel && (
        <div role="status" className="alert alert-info py-1 px-2 small">
          {otherModelText(selectedInModel)}
        </div>
      )}
      {values && !showAll && selectedTag === '' && (
        <div className="alert alert-warning py-1 px-2 small">
          <div>{NO_TAG_TEXT}</div>
          <div>{NO_TAG_HINT}</div>
        </div>
      )}
      {locks.error && (
        <div role="alert" className="alert alert-danger py-1 px-2 small">
          {locks.error}
        </div>
      )}
      {values && total > MAX_EDITOR_OBJECTS && (
        <p className="small text-body-secondary">
          Showing the first {MAX_EDITOR_OBJECTS} of {total} objects. Choose an object type to narrow the list.
        </p>
      )}
      {items.length > 0 && (
        <Accordion
          alwaysOpen
          defaultActiveKey={items.length === 1 ? [items[0]!.tag] : []}
          key={items.length === 1 ? items[0]!.tag : 'list'}
        >
          {items.map((item) => {
            const record = dynamicByTag.get(item.tag);
            const statics = shownStatic(staticByTag.get(item.tag));
            return (
              <Accordion.Item eventKey={item.tag} key={item.tag}>
                <Accordion.Header>{`${item.category} --- ${item.tag}`}</Accordion.Header>
                <Accordion.Body className="p-2">
                  <h3 className="h6">Static Properties</h3>
                  <table className="table table-sm small" aria-label={`Static Properties of ${item.tag}`}>
                    <tbody>
                      {statics.map((prop) => (
                        <tr key={prop.propName}>
                          <th scope="row">{prop.propName}</th>
                          <td>{prop.propValue}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  <DynamicValuesTable
                    tag={item.tag}
                    record={record}
                    valueOf={(propName, stored) => edits[item.tag]?.[propName] ?? stored}
                    onEdit={(propName, next) => edit(item.tag, propName, next)}
                    onLock={
                      canLock && record
                        ? (propName, locked) => void locks.change(record, propName, locked)
                        : undefined
                    }
                    locking={locks.pending}
                  />
                  {projectId && <LockHistory projectId={projectId} fileName={fileName} tag={item.tag} />}
                </Accordion.Body>
              </Accordion.Item>
            );
          })}
        </Accordion>
      )}
    </section>
  );
}
