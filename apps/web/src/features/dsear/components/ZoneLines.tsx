import { Button, Form } from 'react-bootstrap';
import Select from 'react-select';
import { FaXmark } from 'react-icons/fa6';
import {
  DSEAR_RATINGS,
  DSEAR_ZONES,
  DSEAR_ZONES_HINT,
  type DsearZoneEntry,
  type DsearZoneName,
} from '@penstock/shared';
import { menuInBody } from '../../../components/selectMenu.ts';
import { BlankOrSelect } from './BlankOrSelect.tsx';
import { ListTable } from '../../../components/ListDialog.tsx';

/**
 * Choosing a zone adds a line for it with an empty rating; removing a line drops it; the others keep their
 * values. A zone type may be recorded more than once (two storm tank areas, each with its own rating).
 */
export const withZoneAdded = (current: DsearZoneEntry[], zone: DsearZoneName): DsearZoneEntry[] => [
  ...current,
  { zone, rating: '', other: '' },
];
export const withoutZoneAt = (current: DsearZoneEntry[], index: number): DsearZoneEntry[] =>
  current.filter((_, i) => i !== index);

/**
 * A line's name for labels and buttons: the zone, and its number among lines of the same zone when there
 * is more than one ('PST', 'PST (2)'), so every control keeps a distinct accessible name.
 */
export function zoneLineNames(zones: readonly DsearZoneEntry[]): string[] {
  const seen = new Map<string, number>();
  return zones.map((z) => {
    const n = (seen.get(z.zone) ?? 0) + 1;
    seen.set(z.zone, n);
    return n === 1 ? z.zone : `${z.zone} (${n})`;
  });
}

interface ZoneOption {
  value: DsearZoneName;
  label: string;
}
const ZONE_OPTIONS: ZoneOption[] = DSEAR_ZONES.map((zone) => ({ value: zone, label: zone }));

/** The form's DSEAR zones: a picker that adds a line, and each line's rating, other text and Remove. */
export function ZoneLines({
  inputId,
  zones,
  onChange,
}: {
  inputId: string;
  zones: DsearZoneEntry[];
  onChange: (zones: DsearZoneEntry[]) => void;
}) {
  const lineNames = zoneLineNames(zones);
  const setZone = (index: number, change: Partial<DsearZoneEntry>) =>
    onChange(zones.map((zone, i) => (i === index ? { ...zone, ...change } : zone)));
  return (
    <>
      <Select<ZoneOption, false>
        inputId={inputId}
        classNamePrefix="dsear-select"
        placeholder="Add a zone..."
        options={ZONE_OPTIONS}
        // a picker that adds: it never keeps a value, so the same zone can be added again
        value={null}
        controlShouldRenderValue={false}
        onChange={(next) => next && onChange(withZoneAdded(zones, next.value))}
        {...menuInBody}
      />
      <Form.Text>{DSEAR_ZONES_HINT}</Form.Text>
      {zones.length > 0 && (
        <ListTable
          size="sm"
          bordered
          className="mt-2 mb-0 align-middle"
          aria-label="Zone ratings"
          columns={['Zone', 'Rating', 'Other', { label: 'Remove', hidden: true }]}
        >
          {zones.map((zone, index) => (
            // lines have no id and the same zone may repeat: the position is the key (every control
            // in a line is controlled by the draft, so nothing is kept by a reused row)
            <tr key={index}>
              <th scope="row" className="fw-normal">
                {lineNames[index]}
              </th>
              <td>
                <BlankOrSelect
                  size="sm"
                  label={`Rating of ${lineNames[index]}`}
                  options={DSEAR_RATINGS}
                  value={zone.rating}
                  onChange={(rating) => setZone(index, { rating })}
                />
              </td>
              <td>
                <Form.Control
                  size="sm"
                  aria-label={`Other of ${lineNames[index]}`}
                  value={zone.other}
                  onChange={(e) => setZone(index, { other: e.target.value })}
                />
              </td>
              <td className="text-center">
                <Button
                  size="sm"
                  variant="outline-danger"
                  aria-label={`Remove ${lineNames[index]}`}
                  title={`Remove ${lineNames[index]}`}
                  onClick={() => onChange(withoutZoneAt(zones, index))}
                >
                  <FaXmark aria-hidden="true" />
                </Button>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
    </>
  );
}
