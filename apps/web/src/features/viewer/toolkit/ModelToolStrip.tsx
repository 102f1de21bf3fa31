import {
  FaCubes,
  FaEye,
  FaRulerCombined,
  FaBookmark,
  FaScissors,
  FaCodeCompare,
  FaListCheck,
} from 'react-icons/fa6';
import type { ToolkitPanel } from './toolkitPanels.ts';

const TOOLS: Array<{ panel: ToolkitPanel; label: string; title: string; icon: typeof FaCubes }> = [
  {
    panel: 'models',
    label: 'Models',
    title: 'The models in this view: add, show, colour, align',
    icon: FaCubes,
  },
  { panel: 'sections', label: 'Sections', title: 'Section planes and the section box', icon: FaScissors },
  {
    panel: 'measure',
    label: 'Measure',
    title: 'Measure distances, angles, areas and points',
    icon: FaRulerCombined,
  },
  {
    panel: 'appearance',
    label: 'Visibility',
    title: 'Hide, isolate, x-ray and colour by a property',
    icon: FaEye,
  },
  { panel: 'savedViews', label: 'Saved views', title: "The project's saved views", icon: FaBookmark },
  {
    panel: 'ids',
    label: 'Information requirements',
    title: "This model checked against the project's IDS files",
    icon: FaListCheck,
  },
  {
    panel: 'changes',
    label: 'Changes',
    title: 'What changed between the two versions compared',
    icon: FaCodeCompare,
  },
];

/** The 3D tools, a vertical strip at the left of the canvas: each opens its side panel. */
export function ModelToolStrip({
  open,
  onChoose,
  disabled,
  compare = false,
}: {
  open: string | null;
  onChoose: (panel: ToolkitPanel) => void;
  disabled: boolean;
  /** a model compare tab: its Changes tool shows */
  compare?: boolean;
}) {
  return (
    <div className="model-tool-strip" role="toolbar" aria-label="3D tools" aria-orientation="vertical">
      {TOOLS.filter(({ panel }) => compare || panel !== 'changes').map(
        ({ panel, label, title, icon: Icon }) => (
          <button
            key={panel}
            type="button"
            className={`btn btn-sm ${open === panel ? 'btn-primary' : 'btn-light'}`}
            aria-pressed={open === panel}
            aria-label={label}
            title={title}
            disabled={disabled}
            onClick={() => onChoose(panel)}
          >
            <Icon aria-hidden="true" />
          </button>
        ),
      )}
    </div>
  );
}
