import { useEffect, useState } from 'react';
import { Button, Table } from 'react-bootstrap';
import { FLOW_CHART_HOURS } from '@penstock/shared';
import { cellValid, type FlowRow, MAX_FLOW_SERIES, nameValid, newRow, pasteCells } from '../flowRows.ts';
import '../flowTable.css';

/**
 * The annual hourly flows as an editable table: one row per series with its name, 24 hourly flows in l/s
 * and 'Remove series'; 'Add series' below. Pasting several values (a row or column copied from Excel) into
 * a flow fills the day: 24 values from 00:00, fewer from that hour on.
 */
export function FlowTable({
  id,
  rows,
  onChange,
}: {
  /** prefix of the inputs' ids */
  id: string;
  rows: readonly FlowRow[];
  onChange: (rows: FlowRow[]) => void;
}) {
  // After a change the focus goes to an added series' name, or to 'Add series' when a series is removed
  const [focus, setFocus] = useState<{ target: string } | null>(null);
  useEffect(() => {
    if (focus) document.getElementById(focus.target)?.focus();
  }, [focus]);
  const addId = `${id}-add-series`;

  const update = (index: number, change: Partial<FlowRow>) =>
    onChange(rows.map((entry, at) => (at === index ? { ...entry, ...change } : entry)));
  const setCell = (index: number, hour: number, text: string) =>
    update(index, { cells: rows[index]!.cells.map((cell, at) => (at === hour ? text : cell)) });
  const add = () => {
    const row = newRow(rows);
    onChange([...rows, row]);
    setFocus({ target: `${id}-series-${row.key}-name` });
  };
  const remove = (index: number) => {
    onChange(rows.filter((_, at) => at !== index));
    setFocus({ target: addId });
  };
  const full = rows.length >= MAX_FLOW_SERIES;

  return (
    <>
      {rows.length > 0 && (
        <div className="table-responsive flow-table-scroll">
          <Table size="sm" bordered className="small flow-data-table flow-table mb-1">
            <caption className="visually-hidden">Annual hourly flows (l/s)</caption>
            <thead>
              <tr>
                <th scope="col">Type</th>
                {FLOW_CHART_HOURS.map((hour) => (
                  <th scope="col" key={hour}>
                    {hour}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => {
                const label = row.type.trim() || `Series ${index + 1}`;
                const nameOk = nameValid(rows, index);
                return (
                  <tr key={row.key}>
                    <th scope="row">
                      <div className="d-flex gap-1 align-items-center">
                        <input
                          id={`${id}-series-${row.key}-name`}
                          type="text"
                          className={`form-control form-control-sm flow-table-name${nameOk ? '' : ' is-invalid'}`}
                          value={row.type}
                          aria-label={`Series ${index + 1} name`}
                          aria-invalid={!nameOk}
                          maxLength={100}
                          onChange={(event) => update(index, { type: event.target.value })}
                        />
                        <Button
                          size="sm"
                          variant="outline-danger"
                          className="flow-table-remove"
                          aria-label="Remove series"
                          title={`Remove ${label}`}
                          onClick={() => remove(index)}
                        >
                          <span aria-hidden="true">×</span>
                        </Button>
                      </div>
                    </th>
                    {row.kept ? (
                      <td colSpan={FLOW_CHART_HOURS.length} className="text-start text-body-secondary">
                        {row.kept.length.toLocaleString('en-GB')} hourly flows, kept as stored
                      </td>
                    ) : (
                      FLOW_CHART_HOURS.map((hour, at) => {
                        const text = row.cells[at] ?? '';
                        const ok = cellValid(text);
                        return (
                          <td key={hour}>
                            <input
                              type="text"
                              inputMode="decimal"
                              className={`form-control form-control-sm flow-table-cell${ok ? '' : ' is-invalid'}`}
                              value={text}
                              aria-label={`${label} ${hour} flow (l/s)`}
                              aria-invalid={!ok}
                              onChange={(event) => setCell(index, at, event.target.value)}
                              onPaste={(event) => {
                                const cells = pasteCells(row.cells, at, event.clipboardData.getData('text'));
                                if (!cells) return;
                                event.preventDefault();
                                update(index, { cells });
                              }}
                            />
                          </td>
                        );
                      })
                    )}
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </div>
      )}
      <div className="d-flex align-items-center gap-2 mb-2">
        <Button id={addId} size="sm" variant="outline-secondary" disabled={full} onClick={add}>
          Add series
        </Button>
        <span className="form-text m-0">
          {full
            ? `At most ${MAX_FLOW_SERIES} series.`
            : 'Paste 24 values copied from Excel into any hour to fill the day.'}
        </span>
      </div>
    </>
  );
}
