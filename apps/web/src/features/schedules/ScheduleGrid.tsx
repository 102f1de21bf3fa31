import { memo, useCallback, useMemo, useRef, useState, type CSSProperties } from 'react';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ScheduleGroup, ScheduleType } from '@penstock/shared';
import type { Edits } from '../objectEditor/objectEditor.ts';
import { ValueControl } from '../objectEditor/ValueControl.tsx';
import {
  cellOptions,
  columnWidth,
  isEditableCell,
  rowCell,
  rowTags,
  type ScheduleItem,
} from './scheduleModel.ts';

/** Frozen columns at the left (spec §9: 2). */
export const FROZEN_COLUMNS = 2;
export const ROW_HEIGHT = 34;

type Row = ScheduleGroup<ScheduleItem>;

export interface ScheduleGridProps {
  type: ScheduleType;
  columns: readonly string[];
  rows: readonly Row[];
  edits: Edits;
  onEdit: (tags: string[], column: string, value: string) => void;
}

/**
 * The schedule table (forms spec §2 'Schedule modals'): wider than the modal, a sticky header, the first two
 * columns frozen, and only the rows in view rendered, so 10,000 rows scroll smoothly. Dynamic properties
 * are inputs (dropdowns where the spec constrains the values), disabled for locked objects.
 *
 * It is an ARIA table of absolutely positioned rows (TanStack Virtual's own pattern) rather than a <table>
 * with spacer rows: a row scrolling into view is then added without moving the painted ones, where the
 * <table> re-laid out and repainted every row on each frame (p50 50 ms frames here, see the bench).
 */
export function ScheduleGrid({ type, columns, rows, edits, onEdit }: ScheduleGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // the one cell whose control is mounted
  const [active, setActive] = useState<{ row: string; column: string } | null>(null);
  const activate = useCallback(
    (row: string, column: string | null) =>
      setActive((current) => (column ? { row, column } : current?.row === row ? null : current)),
    [],
  );
  const columnDefs = useMemo<ColumnDef<Row>[]>(
    () => columns.map((column) => ({ id: column, header: column, size: columnWidth(column) })),
    [columns],
  );
  const data = useMemo(() => [...rows], [rows]);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table is used as documented
  const table = useReactTable({ data, columns: columnDefs, getCoreRowModel: getCoreRowModel() });
  const tableRows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 4,
    // jsdom has no layout: render a first screenful there
    initialRect: { width: 1200, height: 600 },
  });
  // one style per column, made once: the frozen ones also carry their sticky left offset
  const cellStyles = useMemo(() => {
    let left = 0;
    return columns.map((column, index): CSSProperties => {
      const width = columnWidth(column);
      const style = index < FROZEN_COLUMNS ? { width, left } : { width };
      left += width;
      return style;
    });
  }, [columns]);
  const totalWidth = columns.reduce((sum, column) => sum + columnWidth(column), 0);

  return (
    <div className="schedule-grid" ref={scrollRef} role="region" aria-label="Schedule table" tabIndex={0}>
      <div
        role="table"
        aria-label="Schedule"
        aria-rowcount={tableRows.length + 1}
        className="schedule-table"
        style={{ width: totalWidth }}
      >
        <div role="rowgroup" className="schedule-head">
          {table.getHeaderGroups().map((group) => (
            <div role="row" aria-rowindex={1} key={group.id} className="schedule-row">
              {group.headers.map((header, index) => (
                <div
                  key={header.id}
                  role="columnheader"
                  className={`schedule-th${index < FROZEN_COLUMNS ? ' frozen' : ''}`}
                  style={cellStyles[index]}
                >
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </div>
              ))}
            </div>
          ))}
        </div>
        <div role="rowgroup" className="schedule-rows" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((virtual) => {
            const row = tableRows[virtual.index];
            if (!row) return null;
            return (
              <ScheduleRow
                key={row.id}
                index={virtual.index}
                top={virtual.start}
                type={type}
                columns={columns}
                group={row.original}
                firstEdit={edits[row.original.objects[0]?.tag ?? '']}
                activeColumn={active?.row === row.original.key ? active.column : null}
                onActivate={activate}
                cellStyles={cellStyles}
                onEdit={onEdit}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

const NO_EDITS: Edits = {};

interface ScheduleRowProps {
  index: number;
  type: ScheduleType;
  columns: readonly string[];
  group: Row;
  /** the edits of the row's first object (the values shown): the memo compares them */
  firstEdit: Readonly<Record<string, string>> | undefined;
  /** the column whose control is mounted in this row (the cell being edited), if any */
  activeColumn: string | null;
  onActivate: (rowKey: string, column: string | null) => void;
  /** where the row starts in the scrolled body, px */
  top: number;
  /** per column: width, and the sticky left offset of the frozen ones */
  cellStyles: readonly CSSProperties[];
  onEdit: (tags: string[], column: string, value: string) => void;
}

/**
 * An editable cell shows its value as text and mounts its control (a dropdown where the spec constrains
 * the value, else a text input) only while it has the focus: thousands of live selects and inputs made
 * scrolling slow (style recalculation), see tools/bench/RESULTS.md.
 */
function EditableCell({
  label,
  value,
  options,
  locked,
  active,
  onActivate,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly string[] | null;
  locked: boolean;
  active: boolean;
  onActivate: (active: boolean) => void;
  onChange: (value: string) => void;
}) {
  if (locked)
    return (
      <span
        className="schedule-cell locked"
        aria-label={label}
        aria-disabled="true"
        title="This value is locked"
      >
        {value}
      </span>
    );
  if (!active)
    return (
      <span
        className={`schedule-cell editable${options ? ' dropdown' : ''}`}
        role="button"
        tabIndex={0}
        aria-label={label}
        title={value}
        onFocus={() => onActivate(true)}
        onClick={() => onActivate(true)}
      >
        {value}
      </span>
    );
  return (
    <ValueControl
      label={label}
      value={value}
      options={options}
      autoFocus
      onBlur={() => onActivate(false)}
      onChange={onChange}
    />
  );
}

const ScheduleRow = memo(
  function ScheduleRow({
    index,
    top,
    type,
    columns,
    group,
    firstEdit,
    activeColumn,
    onActivate,
    cellStyles,
    onEdit,
  }: ScheduleRowProps) {
    const first = group.objects[0];
    const rowEdits = first && firstEdit ? { [first.tag]: firstEdit } : NO_EDITS;
    const locked = first?.locked ?? false;
    return (
      <div
        role="row"
        aria-rowindex={index + 2}
        className={`schedule-row${locked ? ' locked' : ''}`}
        style={{ transform: `translateY(${top}px)` }}
      >
        {columns.map((column, col) => {
          const value = rowCell(type, column, group, rowEdits);
          const content = isEditableCell(type, column, group) ? (
            <EditableCell
              label={`${column} of ${group.key}`}
              value={value}
              options={cellOptions(column, value)}
              locked={locked || (first?.lockedProps?.includes(column) ?? false)}
              active={activeColumn === column}
              onActivate={(active) => onActivate(group.key, active ? column : null)}
              onChange={(next) => onEdit(rowTags(group), column, next)}
            />
          ) : (
            <span title={value}>{value}</span>
          );
          return (
            <div
              key={column}
              role={col === 0 ? 'rowheader' : 'cell'}
              className={`schedule-td${col < FROZEN_COLUMNS ? ' frozen' : ''}`}
              style={cellStyles[col]}
            >
              {content}
            </div>
          );
        })}
      </div>
    );
  },
  (a, b) =>
    a.group === b.group &&
    a.firstEdit === b.firstEdit &&
    a.activeColumn === b.activeColumn &&
    a.type === b.type &&
    a.columns === b.columns &&
    a.index === b.index &&
    a.top === b.top &&
    a.cellStyles === b.cellStyles &&
    a.onEdit === b.onEdit &&
    a.onActivate === b.onActivate,
);
