import { useState, type FormEvent } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { PasswordSchema, type AdminUser, type GlobalRole } from '@penstock/shared';
import { errorMessage } from '../../../base/api.ts';
import { useResetPassword, useUpdateUser } from '../hooks/useAdmin.ts';
import { RoleCheckboxes } from './RoleCheckboxes.tsx';
import { firstIssue } from '../../../components/firstIssue.ts';

/** Set a new password; the server ends the user's sessions. */
export function ResetPasswordModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = PasswordSchema.safeParse(password);
    setInvalid(firstIssue(parsed));
    if (parsed.success) reset.mutate({ userId: user.id, password: parsed.data });
  }

  return (
    <Modal show onHide={onClose} centered>
      <Form onSubmit={submit} noValidate>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            Reset the password of {user.name}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {reset.isSuccess ? (
            <Alert variant="success" className="mb-0">
              The password of {user.name} has been changed and their sessions have ended.
            </Alert>
          ) : (
            <>
              <Form.Group controlId="reset-password">
                <Form.Label>New password</Form.Label>
                <Form.Control
                  type="password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  autoComplete="new-password"
                  autoFocus
                />
                <Form.Text>At least 10 characters. The user is signed out everywhere.</Form.Text>
              </Form.Group>
              {invalid && (
                <Alert variant="warning" className="mt-3 mb-0">
                  {invalid}
                </Alert>
              )}
              {reset.isError && (
                <Alert variant="danger" className="mt-3 mb-0">
                  {errorMessage(reset.error)}
                </Alert>
              )}
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {reset.isSuccess ? 'Close' : 'Cancel'}
          </Button>
          {!reset.isSuccess && (
            <Button type="submit" disabled={reset.isPending}>
              {reset.isPending && (
                <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />
              )}
              Set password
            </Button>
          )}
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/** Change a user's global roles. */
export function EditRolesModal({
  user,
  isSelf,
  onClose,
}: {
  user: AdminUser;
  isSelf: boolean;
  onClose: () => void;
}) {
  const update = useUpdateUser();
  const [roles, setRoles] = useState<GlobalRole[]>(user.roles);

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate({ userId: user.id, body: { roles } }, { onSuccess: onClose });
  }

  return (
    <Modal show onHide={onClose} centered>
      <Form onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            Roles of {user.name}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <RoleCheckboxes
            idPrefix={`roles-${user.id}`}
            value={roles}
            onChange={setRoles}
            locked={isSelf ? ['administrator'] : []}
          />
          {isSelf && <Form.Text>You cannot remove your own administrator role.</Form.Text>}
          {update.isError && (
            <Alert variant="danger" className="mt-3 mb-0">
              {errorMessage(update.error)}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending && <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />}
            Save roles
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
