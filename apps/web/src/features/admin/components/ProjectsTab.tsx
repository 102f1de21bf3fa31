import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Col, Form, InputGroup, ListGroup, Row, Spinner } from 'react-bootstrap';
import { FaDiagramProject, FaPlus } from 'react-icons/fa6';
import { CreateProjectBodySchema } from '@penstock/shared';
import { errorMessage } from '../../../base/api.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { useAdminProjects, useCreateProject } from '../hooks/useAdmin.ts';
import { ProjectMembers } from './ProjectMembers.tsx';
import { firstIssue } from '../../../components/firstIssue.ts';

function CreateProjectForm({ onCreated }: { onCreated: (projectId: string) => void }) {
  const create = useCreateProject();
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CreateProjectBodySchema.safeParse({ name });
    setInvalid(firstIssue(parsed));
    if (!parsed.success) return;
    create.mutate(parsed.data.name, {
      onSuccess: (project) => {
        setName('');
        onCreated(project.id);
      },
    });
  }

  return (
    <Form onSubmit={submit} noValidate className="mb-3">
      <Form.Label htmlFor="new-project-name">New project</Form.Label>
      <InputGroup>
        <Form.Control
          id="new-project-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Project name"
          autoComplete="off"
        />
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? (
            <Spinner size="sm" animation="border" className="me-1" aria-hidden="true" />
          ) : (
            <FaPlus className="me-1" aria-hidden="true" />
          )}
          Create project
        </Button>
      </InputGroup>
      <Form.Text>Creates the ISO 19650 folders: WIP, Shared, Published and Archived.</Form.Text>
      {invalid && (
        <Alert variant="warning" className="mt-2 mb-0">
          {invalid}
        </Alert>
      )}
      {create.isError && (
        <Alert variant="danger" className="mt-2 mb-0">
          {errorMessage(create.error)}
        </Alert>
      )}
    </Form>
  );
}

export function ProjectsTab() {
  const projects = useAdminProjects();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = projects.data?.find((project) => project.id === chosenId) ?? projects.data?.[0];

  return (
    <Row className="g-4">
      <Col lg={5} xl={4}>
        <Card className="shadow-sm border-0">
          <Card.Body>
            <Card.Title as="h2" className="h6 mb-3">
              <FaDiagramProject className="me-2 text-primary" aria-hidden="true" />
              Projects
            </Card.Title>
            <CreateProjectForm onCreated={setChosenId} />
            {projects.isPending && <Loading label="Loading projects..." />}
            {projects.isError && (
              <ErrorAlert error={projects.error} title="The projects could not be loaded." />
            )}
            {projects.isSuccess && projects.data.length === 0 && (
              <p className="text-secondary small mb-0">No projects yet.</p>
            )}
            {projects.isSuccess && projects.data.length > 0 && (
              <ListGroup aria-label="Projects">
                {projects.data.map((project) => (
                  <ListGroup.Item
                    key={project.id}
                    action
                    active={project.id === chosen?.id}
                    onClick={() => setChosenId(project.id)}
                    className="d-flex justify-content-between align-items-center"
                  >
                    <span className="text-truncate me-2">{project.name}</span>
                    <Badge
                      bg={project.id === chosen?.id ? 'light' : 'secondary'}
                      text={project.id === chosen?.id ? 'dark' : undefined}
                      pill
                    >
                      {project.members.length} {project.members.length === 1 ? 'member' : 'members'}
                    </Badge>
                  </ListGroup.Item>
                ))}
              </ListGroup>
            )}
          </Card.Body>
        </Card>
      </Col>
      <Col lg={7} xl={8}>
        {chosen && <ProjectMembers key={chosen.id} project={chosen} />}
      </Col>
    </Row>
  );
}
