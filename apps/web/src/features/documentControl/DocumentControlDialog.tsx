import { Modal, Tab, Tabs } from 'react-bootstrap';
import { useMayInProject } from '../projects/hooks/useMayInProject.ts';
import { RegisterTable } from './RegisterTable.tsx';
import { NamingStandardEditor } from './NamingStandardEditor.tsx';
import { DeliveryPlan } from './DeliveryPlan.tsx';
import { BulkUpload } from './BulkUpload.tsx';

/**
 * Document control for a project (issue 35): the register, the naming standard, the delivery plan and the
 * bulk upload of a package with its register.
 */
export function DocumentControlDialog({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const may = useMayInProject(projectId);
  return (
    <Modal show onHide={onClose} size="xl" aria-labelledby="document-control-title" scrollable>
      <Modal.Header closeButton>
        <Modal.Title id="document-control-title" className="h5">
          Document register
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Tabs
          defaultActiveKey="register"
          id="document-control-tabs"
          className="mb-3"
          mountOnEnter
          unmountOnExit
        >
          <Tab eventKey="register" title="Register">
            <RegisterTable projectId={projectId} />
          </Tab>
          <Tab eventKey="naming" title="Naming standard">
            <NamingStandardEditor projectId={projectId} canEdit={may('editInfoStandard')} />
          </Tab>
          <Tab eventKey="plan" title="Delivery plan">
            <DeliveryPlan projectId={projectId} canEdit={may('editDeliveryPlan')} />
          </Tab>
          {/* POST /api/folders/:folderId/bulk-upload: 'upload' */}
          {may('upload') && (
            <Tab eventKey="bulk" title="Bulk upload">
              <BulkUpload projectId={projectId} />
            </Tab>
          )}
        </Tabs>
      </Modal.Body>
    </Modal>
  );
}
