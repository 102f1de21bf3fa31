import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';
import { FaCalculator, FaDatabase, FaFilePdf } from 'react-icons/fa6';
import { useAppStore } from '../../base/store.tsx';
import { PanelMenuItem } from '../viewer/components/PanelsMenu.tsx';
import type { ViewerSide } from '../viewer/extensions.tsx';
import { CalculationsPanel } from './components/CalculationsPanel.tsx';
import { ProjectDataPanel } from './components/ProjectDataPanel.tsx';
import { ReportsPanel } from './components/ReportsPanel.tsx';

/** What the hook needs of the viewer's side panel (useSidePanel). */
export type ProjectDataSide = ViewerSide;

type Panel = 'projectData' | 'calculations' | 'reports';

const BUTTONS: { panel: Panel; label: string; title: string; Icon: IconType }[] = [
  {
    panel: 'projectData',
    label: 'Project data',
    title: "The project's input data forms",
    Icon: FaDatabase,
  },
  {
    panel: 'calculations',
    label: 'Calculations',
    title: 'Run calculations for this project',
    Icon: FaCalculator,
  },
  {
    panel: 'reports',
    label: 'Reports',
    title: 'Create PDF reports and store them in the project',
    Icon: FaFilePdf,
  },
];

/**
 * The Project data, Calculations and Reports tools of one viewer (forms spec §2): their items of the
 * toolbar's Panels menu (desktop widths only) and, while one is open, its panel as the side pane, for the selected project.
 */
export function useProjectDataTools({ side }: { side: ProjectDataSide }): {
  toolbar: ReactNode;
  /** whether one of these panels is open */
  open: boolean;
  pane: ReactNode | undefined;
} {
  const project = useAppStore().state.selectedProject;
  const projectId = project?.projectid;

  // items of the viewer toolbar's Panels menu (issue 31 item 16)
  const toolbar = side.desktop ? (
    <>
      {BUTTONS.map(({ panel, label, title, Icon }) => (
        <PanelMenuItem
          key={panel}
          label={label}
          title={projectId ? title : 'Choose a project first'}
          Icon={Icon}
          open={side.panel === panel}
          disabled={!projectId}
          onSelect={() => side.choose(panel)}
        />
      ))}
    </>
  ) : null;

  let pane: ReactNode | undefined;
  if (projectId && side.panel === 'projectData')
    pane = (
      <ProjectDataPanel key={projectId} projectId={projectId} onClose={() => side.close('projectData')} />
    );
  else if (projectId && side.panel === 'calculations')
    pane = <CalculationsPanel projectId={projectId} onClose={() => side.close('calculations')} />;
  else if (projectId && side.panel === 'reports')
    pane = <ReportsPanel key={projectId} projectId={projectId} onClose={() => side.close('reports')} />;
  return { toolbar, open: BUTTONS.some((button) => button.panel === side.panel), pane };
}
