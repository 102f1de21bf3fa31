import { useState } from 'react';
import { Badge, Tab, Tabs } from 'react-bootstrap';
import type { HubWorkflow } from '@penstock/shared';
import { Loading } from '../../../components/Loading.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser.ts';
import { usePendingDsear } from '../../dsear/hooks/useDsear.ts';
import { useOpenFromHub } from '../hooks/useOpenFromHub.ts';
import { DeliverablesTab } from './DeliverablesTab.tsx';
import { DsearTab } from './DsearTab.tsx';
import { InspectWorkflowModal } from './InspectWorkflowModal.tsx';
import { MarkupsTab } from './MarkupsTab.tsx';
import { WorkflowsTab } from './WorkflowsTab.tsx';
import { TransmittalsTab } from '../../transmittals/components/TransmittalsTab.tsx';
import '../hub.css';

export const hubWelcome = (name: string) => `Welcome ${name}. Here is the work waiting for you.`;

/** /personalHub (hub spec §2): the user's workflows, markups and DSEAR approvals. */
export function PersonalHubPage() {
  const user = useCurrentUser();
  const open = useOpenFromHub();
  const dsear = usePendingDsear(user.data?.email);
  const [inspected, setInspected] = useState<HubWorkflow | null>(null);

  if (user.isPending) return <Loading label="Loading your details..." />;
  if (user.isError) return <ErrorAlert error={user.error} title="Your details could not be loaded." />;

  const opening = open.isPending ? open.variables : null;
  const openProps = { onOpen: (target: Parameters<typeof open.mutate>[0]) => open.mutate(target), opening };
  const dsearCount = dsear.data?.length ?? 0;

  return (
    <div className="page-container page-wide hub-page">
      <h1 className="h3 mb-1">Personal Hub</h1>
      <p className="text-secondary mb-3">{hubWelcome(user.data.name)}</p>
      {open.isError && (
        <ErrorAlert
          error={open.error}
          title="The document could not be opened."
          onClose={() => open.reset()}
          className="py-2"
        />
      )}
      <Tabs defaultActiveKey="workflows" id="hub-tabs" className="mb-3" mountOnEnter>
        <Tab eventKey="workflows" title="Workflows">
          <WorkflowsTab userId={user.data.id} onInspect={setInspected} {...openProps} />
        </Tab>
        <Tab eventKey="markups" title="Markups">
          <MarkupsTab userId={user.data.id} {...openProps} />
        </Tab>
        <Tab
          eventKey="dsear"
          title={
            <span className="d-inline-flex align-items-center gap-1">
              DSEAR{' '}
              {dsearCount > 0 && (
                <Badge bg="primary" pill>
                  {dsearCount}
                </Badge>
              )}
            </span>
          }
        >
          <DsearTab query={dsear} />
        </Tab>
        <Tab eventKey="transmittals" title="Transmittals">
          <TransmittalsTab />
        </Tab>
        <Tab eventKey="deliverables" title="Deliverables">
          <DeliverablesTab />
        </Tab>
      </Tabs>
      <InspectWorkflowModal workflow={inspected} onClose={() => setInspected(null)} />
    </div>
  );
}
