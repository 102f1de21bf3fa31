import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { FaTrash, FaUserPlus } from 'react-icons/fa6';
import { PROJECT_ROLES, type AdminProject, type ProjectRole, formatDate } from '@penstock/shared';
import { errorMessage } from '../../../base/api.ts';
import { useAdminUsers, usePutMember, useRemoveMember } from '../hooks/useAdmin.ts';
import { ListTable } from '../../../components/ListDialog.tsx';

const roleLabel = (role: ProjectRole) => role[0]?.toUpperCase() + role.slice(1);
const isProjectRole = (value: string): value is ProjectRole =>
  (PROJECT_ROLES as readonly string[]).includes(value);

function AddMemberForm({ project }: { project: AdminProject }) {
  const users = useAdminUsers();
  const put = usePutMember();
  const [userId, setUserId] = useState('');
  const [role, setRole] = useState<ProjectRole>('member');
  const candidates = (users.data ?? []).filter(
    (user) => !user.disabled && !project.members.some((member) => member.userId === user.id),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!userId) return;
    put.mutate({ projectId: project.id, userId, role }, { onSuccess: () => setUserId('') });
  }

  return (
    <Form onSubmit={submit} className="mt-3">
      <Row className="g-2 align-items-end">
        <Col sm={6}>
          <Form.Group controlId={`add-member-user-${project.id}`}>
            <Form.Label>User</Form.Label>
            <Form.Select
              value={userId}
              onChange={(e) => setUserId(e.target.value)}
              disabled={!users.isSuccess}
            >
              <option value="">{users.isPending ? 'Loading users...' : 'Choose a user'}</option>
              {candidates.map((user) => (
                <option key={user.id} value={user.id}>
                  {user.name} ({user.email})
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col sm={3}>
          <Form.Group controlId={`add-member-role-${project.id}`}>
            <Form.Label>Role</Form.Label>
            <Form.Select
              value={role}
              onChange={(e) => isProjectRole(e.target.value) && setRole(e.target.value)}
            >
              {PROJECT_ROLES.map((r) => (
                <option key={r} value={r}>
                  {roleLabel(r)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col sm={3}>
          <Button type="submit" className="w-100" disabled={!userId || put.isPending}>
            {put.isPending ? (
              <Spinner size="sm" animation="border" className="me-1" aria-hidden="true" />
            ) : (
              <FaUserPlus className="me-1" aria-hidden="true" />
            )}
            Add member
          </Button>
        </Col>
      </Row>
      {users.isError && (
        <Alert variant="danger" className="mt-2 mb-0">
          {errorMessage(users.error)}
        </Alert>
      )}
      {put.isError && (
        <Alert variant="danger" className="mt-2 mb-0">
          {errorMessage(put.error)}
        </Alert>
      )}
    </Form>
  );
}

/** The members of one project: change a role, remove a member, add a user. */
export function ProjectMembers({ project }: { project: AdminProject }) {
  const put = usePutMember();
  const remove = useRemoveMember();
  const error = put.error ?? remove.error;

  return (
    <Card className="shadow-sm border-0">
      <Card.Body>
        <Card.Title as="h2" className="h6 mb-1">
          Members of {project.name}
        </Card.Title>
        <p className="text-secondary small mb-3">Created {formatDate(project.createdAt, 'locale-date')}</p>
        {error && (
          <Alert
            variant="danger"
            dismissible
            onClose={() => {
              put.reset();
              remove.reset();
            }}
          >
            {errorMessage(error)}
          </Alert>
        )}
        {project.members.length === 0 ? (
          <p className="text-secondary">Nobody is a member yet: only members see a project.</p>
        ) : (
          <ListTable
            hover
            responsive
            size="sm"
            className="align-middle mb-0"
            columns={['Name', 'Email', 'Role', { label: 'Actions', hidden: true }]}
          >
            {project.members.map((member) => (
              <tr key={member.userId}>
                <td className="fw-medium">{member.name}</td>
                <td>{member.email}</td>
                <td>
                  <Form.Select
                    size="sm"
                    aria-label={`Role of ${member.name}`}
                    value={member.role}
                    disabled={put.isPending}
                    onChange={(e) =>
                      isProjectRole(e.target.value) &&
                      put.mutate({ projectId: project.id, userId: member.userId, role: e.target.value })
                    }
                  >
                    {PROJECT_ROLES.map((r) => (
                      <option key={r} value={r}>
                        {roleLabel(r)}
                      </option>
                    ))}
                  </Form.Select>
                </td>
                <td className="text-end">
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={`Remove ${member.name}`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate({ projectId: project.id, userId: member.userId })}
                  >
                    <FaTrash className="me-1" aria-hidden="true" />
                    Remove
                  </Button>
                </td>
              </tr>
            ))}
          </ListTable>
        )}
        <AddMemberForm project={project} />
      </Card.Body>
    </Card>
  );
}
