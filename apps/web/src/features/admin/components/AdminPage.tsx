import { Alert, Tab, Tabs } from 'react-bootstrap';
import { mayGlobally } from '@penstock/shared';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser.ts';
import { AuditLogTab } from './AuditLogTab.tsx';
import { ProjectsTab } from './ProjectsTab.tsx';
import { UsersTab } from './UsersTab.tsx';
import { SupplierZoneSettingsTab } from '../../supplier/components/SupplierZoneSettingsTab.tsx';
import { TrainingAdminTab } from '../../training/admin/TrainingAdminTab.tsx';

export const ADMIN_ONLY_MESSAGE = 'You need the administrator role to use this page.';

/** /admin: users, roles, projects and memberships. Administrators only. */
export function AdminPage() {
  const user = useCurrentUser().data;
  return (
    <div className="page-container page-wide">
      <h1 className="h3 mb-3">Administration</h1>
      {!user || !mayGlobally(user, 'administer') ? (
        <Alert variant="warning">{ADMIN_ONLY_MESSAGE}</Alert>
      ) : (
        <Tabs defaultActiveKey="users" id="admin-tabs" className="mb-3" mountOnEnter>
          <Tab eventKey="users" title="Users">
            <UsersTab currentUserId={user.id} />
          </Tab>
          <Tab eventKey="projects" title="Projects">
            <ProjectsTab />
          </Tab>
          <Tab eventKey="supplierZone" title="Supplier Zone">
            <SupplierZoneSettingsTab />
          </Tab>
          <Tab eventKey="training" title="Training">
            <TrainingAdminTab />
          </Tab>
          <Tab eventKey="audit" title="Audit log">
            <AuditLogTab />
          </Tab>
        </Tabs>
      )}
    </div>
  );
}
