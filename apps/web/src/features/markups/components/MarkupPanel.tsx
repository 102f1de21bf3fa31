import { useState } from 'react';
import {
  filterMarkups,
  formatMarkupDate,
  MARKUP_FILTERS,
  type MarkupFilter,
  type MarkupRecord,
} from '@penstock/shared';

/** 'Created on': the drawing's dd/mm/yyyy, else the record's saving date. */
export function createdOn(record: MarkupRecord): string {
  const created = record.markupData[0]?.created;
  if (created) return created;
  const date = new Date(record.createdDate);
  return Number.isNaN(date.getTime()) ? '' : formatMarkupDate(date);
}

/** The Markup Panel (spec core viewer §2): filter, search criteria and the markup cards. */
export function MarkupPanel({
  markups,
  loading,
  onCompleted,
  onOpen,
}: {
  markups: readonly MarkupRecord[];
  loading: boolean;
  onCompleted: (markup: MarkupRecord) => void;
  onOpen: (markup: MarkupRecord) => void;
}) {
  const [filter, setFilter] = useState<MarkupFilter>('No Filter');
  const [criteria, setCriteria] = useState('');
  const shown = filterMarkups(markups, filter, criteria);
  return (
    <section className="markup-panel" aria-labelledby="markup-panel-title">
      <h2 id="markup-panel-title" className="h6 px-2 pt-2">
        Markup Panel
      </h2>
      <div className="d-flex gap-2 px-2 pb-2">
        <select
          className="form-select form-select-sm"
          aria-label="Filter"
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value as MarkupFilter);
            setCriteria('');
          }}
        >
          {MARKUP_FILTERS.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
        {filter === 'Completed' ? (
          <select
            className="form-select form-select-sm"
            aria-label="Enter search criteria"
            value={criteria}
            onChange={(event) => setCriteria(event.target.value)}
          >
            <option value="">Enter search criteria</option>
            <option>Yes</option>
            <option>No</option>
          </select>
        ) : (
          <input
            className="form-control form-control-sm"
            aria-label="Enter search criteria"
            placeholder="Enter search criteria"
            value={criteria}
            disabled={filter === 'No Filter'}
            onChange={(event) => setCriteria(event.target.value)}
          />
        )}
      </div>
      {loading && <p className="px-2 small text-secondary">Loading markups…</p>}
      {!loading && shown.length === 0 && <p className="px-2 small text-secondary">No markups.</p>}
      <ul className="list-unstyled px-2 mb-2" aria-label="Markups">
        {shown.map((markup) => {
          const item = markup.markupData[0];
          return (
            <li key={markup.id} className="card markup-card mb-2">
              <div className="card-body p-2">
                <div className="d-flex align-items-start gap-2">
                  <input
                    type="checkbox"
                    className="form-check-input mt-1"
                    id={`markup-done-${markup.id}`}
                    checked={markup.actioned}
                    onChange={() => onCompleted(markup)}
                  />
                  <label className="form-check-label small" htmlFor={`markup-done-${markup.id}`}>
                    Completed
                  </label>
                </div>
                <button
                  type="button"
                  className="markup-card-open"
                  aria-label={`Show markup ${markup.title}`}
                  onClick={() => onOpen(markup)}
                >
                  <strong className="d-block">{markup.title}</strong>
                  {item?.imagePreview && (
                    <img
                      src={item.imagePreview}
                      alt={`Preview of ${markup.title}`}
                      className="markup-preview"
                    />
                  )}
                </button>
                {/* the details sit outside the button named 'Show markup <title>': a name must hold the text
                    its control shows (WCAG 2.5.3, axe label-content-name-mismatch) */}
                <dl className="small mb-0">
                  <dt>Created by</dt>
                  <dd>{markup.createdByName}</dd>
                  <dt>Created on</dt>
                  <dd>{createdOn(markup)}</dd>
                  <dt>Created for</dt>
                  <dd>{markup.createdFor}</dd>
                </dl>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
