import { useMemo, useRef } from 'react';
import Select from 'react-select';
import { useVirtualizer } from '@tanstack/react-virtual';
import { SCHEDULE_OPTIONS } from '@penstock/shared';
import { ALL_CLASSES } from '../objectEditor/objectEditor.ts';
import { ValueControl } from '../objectEditor/ValueControl.tsx';
import type { ScheduleItem } from './scheduleModel.ts';

const OBJECT_ROW_HEIGHT = 30;

export interface BulkEditPanelProps {
  /** the schedule's objects, one per tag */
  objects: readonly ScheduleItem[];
  objectType: string;
  onObjectType: (type: string) => void;
  selected: ReadonlySet<string>;
  onSelected: (tags: ReadonlySet<string>) => void;
  properties: readonly string[];
  onProperties: (names: string[]) => void;
  /** the value last applied per property */
  values: Readonly<Record<string, string>>;
  onApply: (propName: string, value: string) => void;
}

/**
 * The right-hand panel of a schedule modal (forms spec §2): 'Select Object Type', the Object Table (Tag,
 * Class, Select; Select All, Deselect All), 'Select Properties' and the Property Table whose values are set
 * on every selected object at once (locked objects are left as they are).
 */
export function BulkEditPanel(props: BulkEditPanelProps) {
  const { objects, objectType, selected } = props;
  const types = useMemo(() => [...new Set(objects.map((o) => o.category))].sort(), [objects]);
  const shown = useMemo(
    () => (objectType === ALL_CLASSES ? objects : objects.filter((o) => o.category === objectType)),
    [objects, objectType],
  );
  const propertyOptions = useMemo(() => {
    const names = new Set<string>();
    for (const object of shown) if (!object.locked) for (const name of object.dynamicNames) names.add(name);
    return [...names].sort().map((name) => ({ value: name, label: name }));
  }, [shown]);
  const selectedShown = shown.filter((o) => selected.has(o.tag)).length;

  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual is used as documented
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => OBJECT_ROW_HEIGHT,
    overscan: 10,
    initialRect: { width: 300, height: 300 },
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);

  const toggle = (tag: string) => {
    const next = new Set(selected);
    if (next.has(tag)) next.delete(tag);
    else next.add(tag);
    props.onSelected(next);
  };

  return (
    <aside className="schedule-side" aria-label="Bulk edit">
      <label className="form-label small mb-1" htmlFor="schedule-object-type">
        Select Object Type
      </label>
      <select
        id="schedule-object-type"
        className="form-select form-select-sm mb-2"
        value={objectType}
        onChange={(event) => props.onObjectType(event.target.value)}
      >
        <option value={ALL_CLASSES}>{ALL_CLASSES}</option>
        {types.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          onClick={() =>
            props.onSelected(new Set([...selected, ...shown.filter((o) => !o.locked).map((o) => o.tag)]))
          }
        >
          Select All
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => {
            const next = new Set(selected);
            for (const object of shown) next.delete(object.tag);
            props.onSelected(next);
          }}
        >
          Deselect All
        </button>
        <span className="small text-body-secondary ms-auto text-nowrap">
          {selectedShown} of {shown.length} selected
        </span>
      </div>
      <div className="schedule-objects" ref={scrollRef}>
        <table className="table table-sm mb-0" aria-label="Object Table">
          <thead>
            <tr>
              <th scope="col">Tag</th>
              <th scope="col">Class</th>
              <th scope="col">Select</th>
            </tr>
          </thead>
          <tbody>
            {before > 0 && (
              <tr aria-hidden="true" style={{ height: before }}>
                <td colSpan={3} />
              </tr>
            )}
            {items.map((virtual) => {
              const object = shown[virtual.index];
              if (!object) return null;
              return (
                <tr key={object.tag} style={{ height: OBJECT_ROW_HEIGHT }}>
                  <td>{object.tag}</td>
                  <td className="text-truncate" title={object.category}>
                    {object.category}
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      className="form-check-input"
                      aria-label={`Select ${object.tag}`}
                      checked={selected.has(object.tag)}
                      disabled={object.locked}
                      title={object.locked ? 'This object is locked' : undefined}
                      onChange={() => toggle(object.tag)}
                    />
                  </td>
                </tr>
              );
            })}
            {after > 0 && (
              <tr aria-hidden="true" style={{ height: after }}>
                <td colSpan={3} />
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <label className="form-label small mt-2 mb-1" htmlFor="schedule-properties">
        Select Properties
      </label>
      <Select
        inputId="schedule-properties"
        isMulti
        options={propertyOptions}
        value={props.properties.map((name) => ({ value: name, label: name }))}
        onChange={(chosen) => props.onProperties(chosen.map((option) => option.value))}
        placeholder="Select Properties"
        classNamePrefix="schedule-properties"
      />
      {props.properties.length > 0 && (
        <table className="table table-sm mt-2" aria-label="Property Table">
          <thead>
            <tr>
              <th scope="col">Property</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {props.properties.map((name) => {
              const options = SCHEDULE_OPTIONS[name];
              const value = props.values[name] ?? '';
              const label = `Value for ${name}`;
              return (
                <tr key={name}>
                  <th scope="row" className="small">
                    {name}
                  </th>
                  <td>
                    <ValueControl
                      label={label}
                      value={value}
                      options={options ?? null}
                      disabled={selected.size === 0}
                      onChange={(next) => props.onApply(name, next)}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {props.properties.length > 0 && selected.size === 0 && (
        <p className="small text-body-secondary">Select objects in the Object Table to set their values.</p>
      )}
    </aside>
  );
}
