import { useState } from 'react';
import { Alert, Badge, Button, ButtonGroup } from 'react-bootstrap';
import { FaKey, FaUserCheck, FaUserShield, FaUserSlash } from 'react-icons/fa6';
import { GLOBAL_ROLE_LABELS, type AdminUser } from '@penstock/shared';
import { errorMessage } from '../../../base/api.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { useAdminUsers, useUpdateUser } from '../hooks/useAdmin.ts';
import { CreateUserForm } from './CreateUserForm.tsx';
import { EditRolesModal, ResetPasswordModal } from './UserModals.tsx';
import { ListTable } from '../../../components/ListDialog.tsx';

type Dialog = { kind: 'password' | 'roles'; user: AdminUser } | null;

export function UsersTab({ currentUserId }: { currentUserId: string }) {
  const users = useAdminUsers();
  const update = useUpdateUser();
  const [dialog, setDialog] = useState<Dialog>(null);

  return (
    <>
      <div className="mb-4">
        <CreateUserForm />
      </div>
      <div>
        {users.isPending && <Loading label="Loading users..." />}
        {users.isError && <ErrorAlert error={users.error} title="The users could not be loaded." />}
        {update.isError && (
          <Alert variant="danger" dismissible onClose={() => update.reset()}>
            {errorMessage(update.error)}
          </Alert>
        )}
        {users.isSuccess && (
          <ListTable
            hover
            responsive
            className="bg-body align-middle admin-table shadow-sm"
            columns={['Name', 'Email', 'Roles', 'Status', { label: 'Actions', hidden: true }]}
          >
            {users.data.map((user) => {
              const isSelf = user.id === currentUserId;
              return (
                <tr key={user.id} className={user.disabled ? 'text-secondary' : undefined}>
                  <td className="fw-medium text-nowrap">{user.name}</td>
                  <td>{user.email}</td>
                  <td>
                    <div className="d-flex flex-wrap gap-1">
                      {user.roles.length === 0 && <span className="text-secondary small">None</span>}
                      {user.roles.map((role) => (
                        <Badge key={role} bg={role === 'administrator' ? 'primary' : 'secondary'}>
                          {GLOBAL_ROLE_LABELS[role]}
                        </Badge>
                      ))}
                    </div>
                  </td>
                  <td>
                    {user.disabled ? <Badge bg="danger">Disabled</Badge> : <Badge bg="success">Active</Badge>}
                  </td>
                  <td className="text-end text-nowrap">
                    <ButtonGroup size="sm" aria-label={`Actions for ${user.name}`}>
                      <Button variant="outline-secondary" onClick={() => setDialog({ kind: 'roles', user })}>
                        <FaUserShield className="me-1" aria-hidden="true" />
                        Edit roles
                      </Button>
                      <Button
                        variant="outline-secondary"
                        onClick={() => setDialog({ kind: 'password', user })}
                      >
                        <FaKey className="me-1" aria-hidden="true" />
                        Reset password
                      </Button>
                      <Button
                        variant={user.disabled ? 'outline-success' : 'outline-danger'}
                        disabled={isSelf || update.isPending}
                        title={isSelf ? 'You cannot disable yourself' : undefined}
                        onClick={() => update.mutate({ userId: user.id, body: { disabled: !user.disabled } })}
                      >
                        {user.disabled ? (
                          <FaUserCheck className="me-1" aria-hidden="true" />
                        ) : (
                          <FaUserSlash className="me-1" aria-hidden="true" />
                        )}
                        {user.disabled ? 'Enable' : 'Disable'}
                      </Button>
                    </ButtonGroup>
                  </td>
                </tr>
              );
            })}
          </ListTable>
        )}
      </div>
      {dialog?.kind === 'password' && (
        <ResetPasswordModal user={dialog.user} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'roles' && (
        <EditRolesModal
          user={dialog.user}
          isSelf={dialog.user.id === currentUserId}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
