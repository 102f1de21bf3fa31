import { Form } from 'react-bootstrap';
import { GLOBAL_ROLES, GLOBAL_ROLE_LABELS, type GlobalRole } from '@penstock/shared';

/** One checkbox per global role. */
export function RoleCheckboxes({
  idPrefix,
  value,
  onChange,
  locked = [],
  inline = false,
}: {
  idPrefix: string;
  value: readonly GlobalRole[];
  onChange: (roles: GlobalRole[]) => void;
  /** roles that cannot be changed here (an administrator cannot demote themself) */
  locked?: readonly GlobalRole[];
  inline?: boolean;
}) {
  return (
    <fieldset>
      <legend className="form-label fs-6 mb-1">Roles</legend>
      {GLOBAL_ROLES.map((role) => (
        <Form.Check
          key={role}
          inline={inline}
          id={`${idPrefix}-${role}`}
          label={GLOBAL_ROLE_LABELS[role]}
          checked={value.includes(role)}
          disabled={locked.includes(role)}
          onChange={(event) =>
            onChange(
              event.target.checked
                ? GLOBAL_ROLES.filter((r) => r === role || value.includes(r))
                : value.filter((r) => r !== role),
            )
          }
        />
      ))}
    </fieldset>
  );
}
