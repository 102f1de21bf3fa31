import { useState } from 'react';
import { Alert, Badge, Button, Card, Table } from 'react-bootstrap';
import { FaPen, FaPlus } from 'react-icons/fa6';
import { trainingCodeFor, trainingRoute, type AdminTrainingCourse } from '@penstock/shared';
import { errorMessage } from '../../../base/api.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { CourseModal } from './CourseModal.tsx';
import { TrainingRolesCard } from './TrainingRolesCard.tsx';
import { useAdminTrainingCourses, useAdminTrainingRoles, useSaveCourse } from './useTrainingAdmin.ts';
import '../training.css';

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The course list: add, edit, retire and restore courses, store their material. */
function TrainingCoursesCard() {
  const courses = useAdminTrainingCourses();
  const roles = useAdminTrainingRoles();
  const retire = useSaveCourse();
  const [editing, setEditing] = useState<AdminTrainingCourse | null | 'new'>(null);
  const activeRoles = (roles.data ?? []).filter((role) => !role.retired);

  const toggleRetired = (course: AdminTrainingCourse) =>
    retire.mutate({
      id: course.id,
      input: {
        trainingTitle: course.trainingTitle,
        format: course.format,
        time: course.time,
        tag: course.tag,
        url: course.url,
        roleData: course.roleData,
        retired: !course.retired,
      },
    });

  return (
    <Card className="shadow-sm border-0">
      <Card.Body>
        <div className="d-flex align-items-center mb-3">
          <Card.Title as="h2" className="h6 mb-0">
            Training courses
          </Card.Title>
          <Button size="sm" className="ms-auto" onClick={() => setEditing('new')} disabled={!roles.isSuccess}>
            <FaPlus className="me-1" aria-hidden="true" />
            Add course
          </Button>
        </div>
        {retire.isError && (
          <Alert variant="danger" dismissible onClose={() => retire.reset()} className="py-2">
            {errorMessage(retire.error)}
          </Alert>
        )}
        {courses.isPending && <Loading label="Loading courses..." />}
        {courses.isError && <ErrorAlert error={courses.error} title="The courses could not be loaded." />}
        {courses.isSuccess && (
          <Table size="sm" hover responsive className="align-middle mb-0">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Format</th>
                <th scope="col">Time</th>
                {activeRoles.map((role) => (
                  <th scope="col" key={role.roleName} className="text-center small" title={role.displayName}>
                    {role.displayName}
                  </th>
                ))}
                <th scope="col">Material</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {courses.data.length === 0 && (
                <tr>
                  <td colSpan={6 + activeRoles.length} className="text-secondary small">
                    No courses yet
                  </td>
                </tr>
              )}
              {courses.data.map((course) => (
                <tr key={course.id} className={course.retired ? 'text-secondary' : undefined}>
                  <td className="training-admin-title">
                    <div className="fw-medium">{course.trainingTitle}</div>
                    <code className="small">{trainingRoute(course.tag)}</code>
                  </td>
                  <td>{course.format}</td>
                  <td className="text-nowrap">{course.time}</td>
                  {activeRoles.map((role) => (
                    <td key={role.roleName} className="text-center">
                      {trainingCodeFor(course, role.roleName)}
                    </td>
                  ))}
                  <td className="small text-nowrap">
                    {course.format === 'Other' ? (
                      <span title={course.url}>Link</span>
                    ) : course.material ? (
                      <span title={course.material.fileName}>
                        {course.material.contentType === 'video/mp4' ? 'mp4' : 'PDF'},{' '}
                        {formatSize(course.material.size)}
                      </span>
                    ) : (
                      <Badge bg="warning" text="dark">
                        None
                      </Badge>
                    )}
                  </td>
                  <td>
                    {course.retired ? (
                      <Badge bg="secondary">Retired</Badge>
                    ) : (
                      <Badge bg="success">Active</Badge>
                    )}
                  </td>
                  <td className="text-nowrap text-end">
                    <Button
                      size="sm"
                      variant="outline-primary"
                      className="me-1"
                      aria-label={`Edit ${course.trainingTitle}`}
                      onClick={() => setEditing(course)}
                    >
                      <FaPen aria-hidden="true" />
                    </Button>
                    <Button
                      size="sm"
                      variant={course.retired ? 'outline-success' : 'outline-secondary'}
                      disabled={retire.isPending}
                      onClick={() => toggleRetired(course)}
                    >
                      {course.retired ? 'Restore' : 'Retire'}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        {editing !== null && roles.isSuccess && (
          <CourseModal
            course={editing === 'new' ? null : editing}
            roles={roles.data}
            onClose={() => setEditing(null)}
          />
        )}
      </Card.Body>
    </Card>
  );
}

/** Administration, Training: the training page's roles and courses (a Penstock addition). */
export function TrainingAdminTab() {
  return (
    <div className="d-flex flex-column gap-4">
      <TrainingRolesCard />
      <TrainingCoursesCard />
    </div>
  );
}
