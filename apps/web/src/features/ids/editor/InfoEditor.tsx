import { useId, type Dispatch } from 'react';
import type { IdsDocument } from '@penstock/ids/document';
import type { IdsEditorAction } from './idsEditorState.ts';

type Info = IdsDocument['info'];

const FIELDS: Array<{ key: keyof Info; label: string; placeholder?: string; wide?: boolean; type?: string }> =
  [
    { key: 'title', label: 'Title', wide: true },
    { key: 'description', label: 'Description', wide: true },
    { key: 'author', label: 'Author', placeholder: 'name@example.com' },
    { key: 'version', label: 'Version' },
    { key: 'date', label: 'Date', type: 'date' },
    { key: 'milestone', label: 'Milestone', placeholder: 'such as Stage 4 – Technical design' },
    { key: 'purpose', label: 'Purpose', placeholder: 'such as Asset information handover' },
    { key: 'copyright', label: 'Copyright' },
  ];

/** The IDS's information: its title (required), author, version, date and the rest. */
export function InfoEditor({ info, dispatch }: { info: Info; dispatch: Dispatch<IdsEditorAction> }) {
  const id = useId();
  return (
    <section aria-label="About this IDS">
      <h3 className="h6">About this IDS</h3>
      <div className="row g-2">
        {FIELDS.map(({ key, label, placeholder, wide, type }) => (
          <div key={key} className={wide ? 'col-12' : 'col-md-6'}>
            <label className="form-label small mb-1" htmlFor={`${id}-${key}`}>
              {label}
            </label>
            {key === 'description' ? (
              <textarea
                id={`${id}-${key}`}
                className="form-control form-control-sm"
                rows={3}
                value={info[key] ?? ''}
                onChange={(event) => dispatch({ type: 'setInfo', patch: { [key]: event.target.value } })}
              />
            ) : (
              <input
                id={`${id}-${key}`}
                type={type ?? 'text'}
                className="form-control form-control-sm"
                placeholder={placeholder}
                value={info[key] ?? ''}
                onChange={(event) => dispatch({ type: 'setInfo', patch: { [key]: event.target.value } })}
              />
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
