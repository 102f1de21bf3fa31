import type { LegendRow } from '@penstock/viewer/appearance';
import { legendLabel } from '@penstock/viewer/appearance';

/**
 * The legend of a colour-by: a row per value with its colour and how many objects have it. The row's value
 * selects its objects; Isolate shows them alone.
 */
export function ColourLegend({
  property,
  legend,
  onSelect,
  onIsolate,
}: {
  property: string;
  legend: readonly LegendRow[];
  onSelect: (row: LegendRow) => void;
  onIsolate: (row: LegendRow) => void;
}) {
  const total = legend.reduce((sum, row) => sum + row.count, 0);
  return (
    <figure className="mb-2" aria-label={`Legend: ${property}`}>
      <figcaption className="small text-body-secondary mb-1">
        {property}: {legend.filter((row) => !row.group).length} values, {total} objects
      </figcaption>
      <ul className="list-group list-group-flush appearance-legend">
        {legend.map((row) => {
          const label = legendLabel(row);
          const objects = `${row.count} object${row.count === 1 ? '' : 's'}`;
          return (
            <li
              key={`${row.group ?? 'value'}:${row.value}`}
              className="list-group-item d-flex align-items-center gap-2 px-1 py-1"
            >
              <span
                className="appearance-swatch"
                style={{ backgroundColor: row.colour }}
                aria-hidden="true"
                title={row.colour}
              />
              <button
                type="button"
                className="btn btn-link btn-sm p-0 me-auto text-start text-truncate"
                aria-label={`Select the ${objects} of ${label}`}
                title={`Select the ${objects} of ${label}`}
                onClick={() => onSelect(row)}
              >
                {label}
              </button>
              <span className="badge text-bg-light" aria-label={objects}>
                {row.count}
              </span>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary py-0"
                aria-label={`Isolate ${label}`}
                title={`Show only the ${objects} of ${label}`}
                onClick={() => onIsolate(row)}
              >
                Isolate
              </button>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
