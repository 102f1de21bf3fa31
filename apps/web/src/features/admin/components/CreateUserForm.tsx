import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { FaUserPlus } from 'react-icons/fa6';
import { CreateUserBodySchema, type GlobalRole } from '@penstock/shared';
import { errorMessage } from '../../../base/api.ts';
import { useCreateUser } from '../hooks/useAdmin.ts';
import { RoleCheckboxes } from './RoleCheckboxes.tsx';
import { firstIssue } from '../../../components/firstIssue.ts';

export function CreateUserForm() {
  const createUser = useCreateUser();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [roles, setRoles] = useState<GlobalRole[]>([]);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setCreated(null);
    const parsed = CreateUserBodySchema.safeParse({ name, email, password, roles });
    setInvalid(firstIssue(parsed));
    if (!parsed.success) return;
    createUser.mutate(parsed.data, {
      onSuccess: (user) => {
        setCreated(`${user.name} can now sign in with ${user.email}.`);
        setName('');
        setEmail('');
        setPassword('');
        setRoles([]);
      },
    });
  }

  return (
    <Card className="shadow-sm border-0">
      <Card.Body>
        <Card.Title as="h2" className="h6 mb-3">
          <FaUserPlus className="me-2 text-primary" aria-hidden="true" />
          Create a user
        </Card.Title>
        <Form onSubmit={submit} noValidate>
          <Row className="g-3">
            <Col md={4}>
              <Form.Group controlId="new-user-name">
                <Form.Label>Name</Form.Label>
                <Form.Control value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
              </Form.Group>
            </Col>
            <Col md={4}>
              <Form.Group controlId="new-user-email">
                <Form.Label>Email</Form.Label>
                <Form.Control
                  type="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  autoComplete="off"
                />
              </Form.Group>
            </Col>
            <Col md={4}>
              <Form.Group controlId="new-user-password">
                <Form.Label>Password</Form.Label>
                <Form.Control
                  type="password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  autoComplete="new-password"
                  aria-describedby="new-user-password-help"
                />
                <Form.Text id="new-user-password-help">At least 10 characters.</Form.Text>
              </Form.Group>
            </Col>
            <Col xs={12}>
              <RoleCheckboxes idPrefix="new-user-role" value={roles} onChange={setRoles} inline />
            </Col>
          </Row>
          {invalid && (
            <Alert variant="warning" className="mt-3 mb-0">
              {invalid}
            </Alert>
          )}
          {createUser.isError && (
            <Alert variant="danger" className="mt-3 mb-0">
              {errorMessage(createUser.error)}
            </Alert>
          )}
          {created && (
            <Alert variant="success" className="mt-3 mb-0">
              {created}
            </Alert>
          )}
          <Button type="submit" className="mt-3" disabled={createUser.isPending}>
            {createUser.isPending && (
              <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />
            )}
            Create user
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
