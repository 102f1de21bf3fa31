import Select from 'react-select';
import { personOptionLabel, type DsearPerson } from '@penstock/shared';
import { menuInBody } from '../../../components/selectMenu.ts';

interface PersonOption {
  value: string;
  label: string;
}

/** Options '{name} {email}' valued by email; a stored email no longer offered still shows as itself. */
function optionsFor(people: DsearPerson[], chosen: string[]): PersonOption[] {
  const options = people.map((person) => ({ value: person.email, label: personOptionLabel(person) }));
  const known = new Set(options.map((o) => o.value.toLowerCase()));
  for (const email of chosen)
    if (email && !known.has(email.toLowerCase())) options.push({ value: email, label: email });
  return options;
}

const selectProps = { classNamePrefix: 'dsear-select', ...menuInBody };

export function PersonSelect({
  id,
  people,
  value,
  onChange,
  loading,
}: {
  id: string;
  people: DsearPerson[];
  value: string;
  onChange: (email: string) => void;
  loading?: boolean;
}) {
  const options = optionsFor(people, [value]);
  return (
    <Select<PersonOption, false>
      {...selectProps}
      inputId={id}
      isClearable
      isLoading={loading}
      placeholder="Select..."
      options={options}
      value={options.find((o) => o.value === value) ?? null}
      onChange={(option) => onChange(option?.value ?? '')}
    />
  );
}

export function PeopleSelect({
  id,
  people,
  value,
  onChange,
  loading,
}: {
  id: string;
  people: DsearPerson[];
  value: string[];
  onChange: (emails: string[]) => void;
  loading?: boolean;
}) {
  const options = optionsFor(people, value);
  return (
    <Select<PersonOption, true>
      {...selectProps}
      inputId={id}
      isMulti
      isLoading={loading}
      placeholder="Select..."
      options={options}
      value={value.map((email) => options.find((o) => o.value === email) ?? { value: email, label: email })}
      onChange={(next) => onChange(next.map((o) => o.value))}
    />
  );
}
