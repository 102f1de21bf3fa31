import {
  clampMarkupNumber,
  FONT_FAMILIES,
  showMarkupSettings,
  type FontFamily,
  type MarkupMode,
} from '@penstock/shared';
import {
  FaArrowPointer,
  FaArrowRightLong,
  FaCloud,
  FaDrawPolygon,
  FaFolderOpen,
  FaFont,
  FaFloppyDisk,
  FaPencil,
  FaRegCircle,
  FaRegSquare,
  FaRightFromBracket,
  FaTrashCan,
} from 'react-icons/fa6';
import type { IconType } from 'react-icons';

/** The toolbar's mode: the spec's markup modes, '' (none) or 'select' (pick, move and delete shapes). */
export type ToolbarMode = MarkupMode | 'select' | '';

export interface MarkupSettings {
  fontSize: number;
  strokeWidth: number;
  fontFamily: FontFamily;
  colour: string;
}

export const DRAWING_TOOLS: readonly { mode: MarkupMode; label: string; icon: IconType }[] = [
  { mode: 'text', label: 'Text', icon: FaFont },
  { mode: 'rect', label: 'Rectangle', icon: FaRegSquare },
  { mode: 'circ', label: 'Circle', icon: FaRegCircle },
  { mode: 'poly', label: 'Polyline', icon: FaDrawPolygon },
  { mode: 'free', label: 'Freehand', icon: FaPencil },
  { mode: 'cloud', label: 'Cloud', icon: FaCloud },
  { mode: 'arrow', label: 'Arrow', icon: FaArrowRightLong },
];

const tool = (active: boolean) => `btn btn-sm ${active ? 'btn-primary' : 'btn-light'} viewer-tool`;

/** Settings show for every mode but none and 'exit' (spec §2, §4). */
export const settingsVisible = (mode: ToolbarMode): boolean =>
  mode === 'select' || showMarkupSettings(mode === '' ? null : mode);

/** The markup toolbar and its settings row (spec core viewer §2 'Markup toolbar and settings'). */
export function MarkupToolbar({
  mode,
  settings,
  panelOpen,
  hasSelection,
  onMode,
  onSettings,
  onLoad,
  onExit,
  onSave,
  onDelete,
}: {
  mode: ToolbarMode;
  settings: MarkupSettings;
  panelOpen: boolean;
  hasSelection: boolean;
  onMode: (mode: ToolbarMode) => void;
  onSettings: (settings: MarkupSettings) => void;
  onLoad: () => void;
  onExit: () => void;
  onSave: () => void;
  onDelete: () => void;
}) {
  const number = (key: 'fontSize' | 'strokeWidth') => (value: string) =>
    onSettings({ ...settings, [key]: clampMarkupNumber(value === '' ? 0 : Number(value)) });
  return (
    <div className="markup-tools">
      <div className="viewer-toolbar markup-toolbar" role="toolbar" aria-label="Markup toolbar">
        <button type="button" className={tool(panelOpen)} aria-pressed={panelOpen} onClick={onLoad}>
          <FaFolderOpen aria-hidden="true" className="me-1" />
          Load markups
        </button>
        {DRAWING_TOOLS.map(({ mode: value, label, icon: Icon }) => (
          <button
            key={value}
            type="button"
            className={tool(mode === value)}
            aria-pressed={mode === value}
            onClick={() => onMode(value)}
          >
            <Icon aria-hidden="true" className="me-1" />
            {label}
          </button>
        ))}
        <button
          type="button"
          className={tool(mode === 'select')}
          aria-pressed={mode === 'select'}
          title="Select a shape to move it (drag) or delete it (Delete key)"
          onClick={() => onMode('select')}
        >
          <FaArrowPointer aria-hidden="true" className="me-1" />
          Select
        </button>
        {mode === 'select' && (
          <button
            type="button"
            className={tool(false)}
            disabled={!hasSelection}
            title="Delete the selected shape"
            onClick={onDelete}
          >
            <FaTrashCan aria-hidden="true" className="me-1" />
            Delete shape
          </button>
        )}
        <button type="button" className={tool(mode === 'exit')} onClick={onExit}>
          <FaRightFromBracket aria-hidden="true" className="me-1" />
          Exit markup
        </button>
        <button type="button" className={tool(mode === 'save')} onClick={onSave}>
          <FaFloppyDisk aria-hidden="true" className="me-1" />
          Save markup
        </button>
      </div>
      {settingsVisible(mode) && (
        <div className="viewer-toolbar markup-settings" role="group" aria-label="Markup settings">
          <label className="markup-setting">
            Font size
            <input
              type="number"
              className="form-control form-control-sm"
              min={0}
              max={100}
              value={settings.fontSize}
              onChange={(event) => number('fontSize')(event.target.value)}
            />
          </label>
          <label className="markup-setting">
            Stroke width
            <input
              type="number"
              className="form-control form-control-sm"
              min={0}
              max={100}
              value={settings.strokeWidth}
              onChange={(event) => number('strokeWidth')(event.target.value)}
            />
          </label>
          <label className="markup-setting">
            Font family
            <select
              className="form-select form-select-sm"
              value={settings.fontFamily}
              onChange={(event) => onSettings({ ...settings, fontFamily: event.target.value as FontFamily })}
            >
              {FONT_FAMILIES.map((family) => (
                <option key={family} value={family}>
                  {family}
                </option>
              ))}
            </select>
          </label>
          <label className="markup-setting">
            Colour
            <input
              type="color"
              className="form-control form-control-sm form-control-color"
              value={settings.colour.toLowerCase()}
              onChange={(event) => onSettings({ ...settings, colour: event.target.value.toUpperCase() })}
            />
          </label>
        </div>
      )}
    </div>
  );
}
