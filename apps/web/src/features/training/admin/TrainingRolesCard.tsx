import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Col, Form, InputGroup, Row } from 'react-bootstrap';
import { FaPlus } from 'react-icons/fa6';
import { TrainingRoleInputSchema, type AdminTrainingRole } from '@penstock/shared';
import { errorMessage } from '../../../base/api.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { firstIssue } from '../../../components/firstIssue.ts';
import { useAdminTrainingRoles, useSaveRole } from './useTrainingAdmin.ts';
import { ListTable } from '../../../components/ListDialog.tsx';

function AddRoleForm() {
  const save = useSaveRole();
  const [displayName, setDisplayName] = useState('');
  const [roleName, setRoleName] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  // the key defaults to the display name in camel case: 'Design Engineer' -> 'designEngineer'
  const suggested = displayName
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .trim()
    .split(/\s+/)
    .map((word, index) =>
      index === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = TrainingRoleInputSchema.safeParse({ roleName: roleName || suggested, displayName });
    setInvalid(firstIssue(parsed));
    if (!parsed.success) return;
    save.mutate(
      { kind: 'create', role: parsed.data },
      {
        onSuccess: () => {
          setDisplayName('');
          setRoleName('');
        },
      },
    );
  }

  return (
    <Form onSubmit={submit} noValidate className="mb-3">
      <InputGroup size="sm">
        <Form.Control
          aria-label="New role's display name"
          placeholder="Display name (e.g. Design Engineer)"
          value={displayName}
          onChange={(event) => setDisplayName(event.target.value)}
        />
        <Form.Control
          aria-label="New role's key"
          placeholder={suggested || 'Key (e.g. designEngineer)'}
          value={roleName}
          onChange={(event) => setRoleName(event.target.value)}
        />
        <Button type="submit" disabled={save.isPending}>
          <FaPlus className="me-1" aria-hidden="true" />
          Add role
        </Button>
      </InputGroup>
      <Form.Text>The key names the role in every course's codes and cannot change later.</Form.Text>
      {invalid && (
        <Alert variant="warning" className="mt-2 mb-0 py-2">
          {invalid}
        </Alert>
      )}
      {save.isError && (
        <Alert variant="danger" className="mt-2 mb-0 py-2">
          {errorMessage(save.error)}
        </Alert>
      )}
    </Form>
  );
}

function RoleRow({ role }: { role: AdminTrainingRole }) {
  const save = useSaveRole();
  const [name, setName] = useState(role.displayName);
  const changed = name.trim() !== role.displayName;
  return (
    <tr className={role.retired ? 'text-secondary' : undefined}>
      <td>
        <Form.Control
          size="sm"
          aria-label={`Display name of ${role.roleName}`}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        {save.isError && <div className="small text-danger mt-1">{errorMessage(save.error)}</div>}
      </td>
      <td>
        <code>{role.roleName}</code>
      </td>
      <td className="text-end">{role.users}</td>
      <td>{role.retired ? <Badge bg="secondary">Retired</Badge> : <Badge bg="success">Active</Badge>}</td>
      <td className="text-nowrap text-end">
        {changed && (
          <Button
            size="sm"
            className="me-1"
            disabled={save.isPending}
            onClick={() =>
              save.mutate({
                kind: 'update',
                roleName: role.roleName,
                update: { displayName: name, retired: role.retired },
              })
            }
          >
            Save
          </Button>
        )}
        <Button
          size="sm"
          variant={role.retired ? 'outline-success' : 'outline-secondary'}
          disabled={save.isPending}
          onClick={() =>
            save.mutate({
              kind: 'update',
              roleName: role.roleName,
              update: { displayName: role.displayName, retired: !role.retired },
            })
          }
        >
          {role.retired ? 'Restore' : 'Retire'}
        </Button>
      </td>
    </tr>
  );
}

/** The training roles: add, rename, retire (a retired role leaves the drop-down; records keep it). */
export function TrainingRolesCard() {
  const roles = useAdminTrainingRoles();
  return (
    <Card className="shadow-sm border-0">
      <Card.Body>
        <Card.Title as="h2" className="h6 mb-3">
          Training roles
        </Card.Title>
        <Row className="g-4">
          <Col lg={5}>
            <AddRoleForm />
          </Col>
          <Col lg={7}>
            {roles.isPending && <Loading label="Loading roles..." />}
            {roles.isError && <ErrorAlert error={roles.error} title="The roles could not be loaded." />}
            {roles.isSuccess && (
              <ListTable
                size="sm"
                responsive
                className="align-middle mb-0"
                columns={[
                  'Display name',
                  'Key',
                  { label: 'Users', className: 'text-end' },
                  'Status',
                  { label: 'Actions', hidden: true },
                ]}
              >
                {roles.data.length === 0 && (
                  <tr>
                    <td colSpan={5} className="text-secondary small">
                      No roles yet
                    </td>
                  </tr>
                )}
                {roles.data.map((role) => (
                  <RoleRow key={`${role.roleName}-${role.displayName}`} role={role} />
                ))}
              </ListTable>
            )}
          </Col>
        </Row>
      </Card.Body>
    </Card>
  );
}
