import { useState } from 'react';
import { Alert, Button, Card, Form, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { FaFloppyDisk, FaPlus } from 'react-icons/fa6';
import { TRAINING_MESSAGES, TRAINING_TABLES, type CurrentUser } from '@penstock/shared';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser.ts';
import { useLeavePrompt } from '../../../components/useLeavePrompt.ts';
import { useTrainingContent, useTrainingRecord } from '../hooks/useTraining.ts';
import { useTrainingDraft } from '../hooks/useTrainingDraft.ts';
import { AdditionalCoursesModal } from './AdditionalCoursesModal.tsx';
import { TrainingTable } from './TrainingTable.tsx';
import '../training.css';

/** The three tables of 'My Courses'; not required courses are reached through Add Extra Courses. */
const SHOWN_TABLES = TRAINING_TABLES.filter((table) => table.code !== 'X');

/**
 * The training page (engineering spec §2 'Training page', §4 'Training'): signed out, a prompt to sign in;
 * signed in, a welcome, the role drop-down, and the user's mandatory, recommended and available courses.
 */
export function TrainingPage() {
  // the shell has read the user (or found nobody signed in): a second fetch here would send a signed-out
  // visitor's shell back to 'Waiting for user information...' and round again
  const user = useCurrentUser({ enabled: false });
  return (
    <div className="page-container training-page">
      <h1 className="h3 mb-2">Training</h1>
      {user.isPending ? (
        <Loading label="Loading your details..." />
      ) : !user.data ? (
        <p className="lead training-login">
          Please login <Link to="/">HERE</Link> to access the training page.
        </p>
      ) : (
        <MyTraining user={user.data} />
      )}
    </div>
  );
}

function MyTraining({ user }: { user: CurrentUser }) {
  const content = useTrainingContent();
  const answer = useTrainingRecord(user);
  const draft = useTrainingDraft(user, content.data, answer.data);
  const [extraOpen, setExtraOpen] = useState(false);
  useLeavePrompt(draft.dirty, TRAINING_MESSAGES.leavePage);

  if (content.isPending || answer.isPending) return <Loading label="Loading your training..." />;
  if (content.isError)
    return <ErrorAlert title="The training courses could not be loaded." error={content.error} />;
  if (answer.isError)
    return <ErrorAlert title="Your training record could not be loaded." error={answer.error} />;

  const { roles, trainingContent } = content.data;
  const record = draft.record;
  const roleKnown = !!record && roles.some((role) => role.roleName === record.role);

  return (
    <>
      <p className="lead mb-3">Welcome {user.name}</p>
      {draft.notice && (
        <Alert
          variant={draft.notice.variant}
          dismissible
          onClose={draft.clearNotice}
          className="py-2"
          role={draft.notice.variant === 'danger' ? 'alert' : 'status'}
        >
          {draft.notice.text}
        </Alert>
      )}
      {roles.length === 0 ? (
        <Alert variant="info">
          No training roles have been set up yet. An administrator adds roles and courses under
          Administration, Training.
        </Alert>
      ) : (
        <Card className="mb-4 border-0 shadow-sm">
          <Card.Body className="d-flex flex-wrap align-items-end gap-3">
            <Form.Group controlId="training-role" className="training-role">
              <Form.Label className="small text-secondary mb-1">Your role</Form.Label>
              <Form.Select
                value={roleKnown ? record.role : ''}
                onChange={(event) => draft.chooseRole(event.target.value)}
              >
                <option value="" disabled>
                  {TRAINING_MESSAGES.selectRole}
                </option>
                {roles.map((role) => (
                  <option key={role.roleName} value={role.roleName}>
                    {role.displayName}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            {record && (
              <div className="d-flex gap-2">
                <Button variant="outline-primary" onClick={() => setExtraOpen(true)}>
                  <FaPlus className="me-1" aria-hidden="true" />
                  Add Extra Courses
                </Button>
                <Button onClick={draft.save} disabled={draft.saving}>
                  {draft.saving ? (
                    <Spinner size="sm" animation="border" className="me-1" aria-hidden="true" />
                  ) : (
                    <FaFloppyDisk className="me-1" aria-hidden="true" />
                  )}
                  Save
                </Button>
              </div>
            )}
            {draft.dirty && !draft.saving && (
              <span className="small text-warning-emphasis">
                Extra courses changed: press Save to keep them.
              </span>
            )}
          </Card.Body>
        </Card>
      )}
      {record && !roleKnown && (
        <Alert variant="warning">
          Your role is no longer offered: {TRAINING_MESSAGES.selectRole.toLowerCase()}.
        </Alert>
      )}
      {record ? (
        <section aria-labelledby="my-courses-title">
          <h2 id="my-courses-title" className="h5 mb-3">
            {TRAINING_MESSAGES.myCourses}
          </h2>
          {SHOWN_TABLES.map((table) => (
            <TrainingTable
              key={table.key}
              id={`training-${table.key}`}
              title={table.title}
              items={record.trainingRecord[table.key]}
              disabled={false}
              onCompleted={draft.setCompleted}
            />
          ))}
          <AdditionalCoursesModal
            show={extraOpen}
            onClose={() => setExtraOpen(false)}
            content={trainingContent}
            record={record}
            onTick={draft.setExtra}
          />
        </section>
      ) : (
        roles.length > 0 && (
          <p className="text-secondary">
            {TRAINING_MESSAGES.selectRole} to see your mandatory, recommended and available courses.
          </p>
        )
      )}
    </>
  );
}
