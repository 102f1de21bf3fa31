import { ProjectBrowser } from '../../features/workspace/components/ProjectBrowser.tsx';
import { ProjectFinder } from '../../features/workspace/components/ProjectFinder.tsx';
import { useAppStore } from '../../base/store.tsx';

export const LEFT_NAV_WIDTH = 340;

/** The collapsible left navigation: the project finder above the project browser. */
export function LeftNav() {
  const { leftNavOpen, selectedProject } = useAppStore().state;
  return (
    // hidden rather than unmounted, so the tree keeps its open folders
    <aside
      id="left-navigation"
      className="left-nav"
      style={{ width: LEFT_NAV_WIDTH }}
      aria-label="Project navigation"
      hidden={!leftNavOpen}
    >
      <section className="left-nav-section">
        <h2 className="left-nav-title">Project finder</h2>
        <ProjectFinder />
      </section>
      <section className="left-nav-section left-nav-tree">
        <h2 className="left-nav-title" title={selectedProject?.text}>
          {selectedProject ? selectedProject.text : 'Project browser'}
        </h2>
        <ProjectBrowser />
      </section>
    </aside>
  );
}
