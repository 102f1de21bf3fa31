import type { ReactNode } from 'react';
import { Button, ButtonGroup, ButtonToolbar, Dropdown, Form } from 'react-bootstrap';
import {
  FaArrowPointer,
  FaArrowRightLong,
  FaBrush,
  FaEraser,
  FaFileCode,
  FaFileExcel,
  FaFileImport,
  FaFileImage,
  FaFilePdf,
  FaFont,
  FaHand,
  FaHighlighter,
  FaPalette,
  FaPen,
  FaRegCircle,
  FaRegSquare,
  FaRotateLeft,
  FaRotateRight,
  FaTrashCan,
  FaUpload,
  FaVectorSquare,
} from 'react-icons/fa6';
import { TbLine, TbLineDashed, TbZoomReset } from 'react-icons/tb';
import {
  FIXED_DIRECTIONS,
  FIXED_DIRECTION_TOOLS,
  type EditorTool,
  type FixedDirection,
  type PidListKind,
  type SketchTool,
} from '@penstock/shared';

const TOOLS: Array<{ tool: SketchTool; label: string; icon: ReactNode }> = [
  { tool: 'none', label: 'Move and pan (no tool)', icon: <FaHand /> },
  { tool: 'select', label: 'Select', icon: <FaArrowPointer /> },
  { tool: 'text', label: 'Text', icon: <FaFont /> },
  { tool: 'pen', label: 'Pen', icon: <FaPen /> },
  { tool: 'highlight', label: 'Highlight', icon: <FaHighlighter /> },
  { tool: 'line', label: 'Line', icon: <TbLine /> },
  { tool: 'dotted', label: 'Dotted line', icon: <TbLineDashed /> },
  { tool: 'arrow', label: 'Arrow', icon: <FaArrowRightLong /> },
  { tool: 'square', label: 'Square', icon: <FaRegSquare /> },
  { tool: 'circle', label: 'Circle', icon: <FaRegCircle /> },
  { tool: 'eraser', label: 'Eraser', icon: <FaEraser /> },
];

export type PublishAction = 'png' | 'pdf' | 'svg' | 'vector-pdf' | 'items' | 'dexpi' | `list:${PidListKind}`;

/** The P&ID lists (issue 37 §3), each a workbook of its own. */
const LIST_ITEMS: Array<{ kind: PidListKind; label: string }> = [
  { kind: 'equipment', label: 'Equipment list (.xlsx)' },
  { kind: 'line', label: 'Line list (.xlsx)' },
  { kind: 'valve', label: 'Valve list (.xlsx)' },
  { kind: 'instrument', label: 'Instrument list (.xlsx)' },
];

interface Props {
  tool: EditorTool;
  onTool: (tool: EditorTool) => void;
  direction: FixedDirection;
  onDirection: (direction: FixedDirection) => void;
  colour: string;
  onColour: () => void;
  onAddText: () => void;
  onUndo: () => void;
  onRedo: () => void;
  canUndo: boolean;
  canRedo: boolean;
  onDefaultView: () => void;
  onClear: () => void;
  onUploadImage: () => void;
  onPublish: (action: PublishAction) => void;
  publishing: boolean;
  /** open the DEXPI import dialog */
  onImportDexpi: () => void;
  /** the user may not add sketches to the project (a viewer): Import DEXPI is off */
  importRefused?: boolean;
}

/** Drawing tools, canvas tools and publishing tools above the canvas (spec §2, §4). */
export function SketchToolbar(props: Props) {
  const { tool, direction } = props;
  return (
    <ButtonToolbar className="sketch-toolbar gap-2 mb-2 align-items-center" aria-label="Sketch tools">
      <ButtonGroup size="sm" aria-label="Drawing tools">
        {TOOLS.map((entry) => (
          <Button
            key={entry.tool}
            variant={tool === entry.tool ? 'primary' : 'outline-secondary'}
            title={entry.label}
            aria-label={entry.label}
            aria-pressed={tool === entry.tool}
            onClick={() => props.onTool(entry.tool)}
          >
            {entry.icon}
          </Button>
        ))}
      </ButtonGroup>
      {FIXED_DIRECTION_TOOLS.includes(tool as SketchTool) && (
        <Form.Select
          size="sm"
          style={{ width: 'auto' }}
          aria-label="Fixed direction"
          value={direction}
          onChange={(event) => props.onDirection(event.target.value as FixedDirection)}
        >
          {FIXED_DIRECTIONS.map((value) => (
            <option key={value} value={value}>
              {value === 'none' ? 'Any direction' : value === 'horizontal' ? 'Horizontal' : 'Vertical'}
            </option>
          ))}
        </Form.Select>
      )}
      <ButtonGroup size="sm" aria-label="Canvas tools">
        <Button variant="outline-secondary" title="Colour" aria-label="Colour" onClick={props.onColour}>
          <FaPalette /> <span className="sketch-swatch" style={{ background: props.colour }} />
        </Button>
        <Button variant="outline-secondary" title="Add text" onClick={props.onAddText}>
          <FaBrush /> Add text
        </Button>
        <Button
          variant="outline-secondary"
          title="Undo (Ctrl+Z)"
          aria-label="Undo"
          onClick={props.onUndo}
          disabled={!props.canUndo}
        >
          <FaRotateLeft />
        </Button>
        <Button
          variant="outline-secondary"
          title="Redo (Ctrl+Y)"
          aria-label="Redo"
          onClick={props.onRedo}
          disabled={!props.canRedo}
        >
          <FaRotateRight />
        </Button>
        <Button variant="outline-secondary" title="Default view" onClick={props.onDefaultView}>
          <TbZoomReset /> Default view
        </Button>
        <Button variant="outline-secondary" title="Upload image" onClick={props.onUploadImage}>
          <FaUpload /> Upload image
        </Button>
        <Button variant="outline-danger" title="Clear canvas" onClick={props.onClear}>
          <FaTrashCan /> Clear canvas
        </Button>
      </ButtonGroup>
      <Dropdown as={ButtonGroup} size="sm">
        <Dropdown.Toggle variant="success" disabled={props.publishing}>
          {props.publishing ? 'Exporting...' : 'Publish'}
        </Dropdown.Toggle>
        <Dropdown.Menu>
          <Dropdown.Item onClick={() => props.onPublish('png')}>
            <FaFileImage /> Save sketch as Image
          </Dropdown.Item>
          <Dropdown.Item onClick={() => props.onPublish('pdf')}>
            <FaFilePdf /> Save sketch as PDF
          </Dropdown.Item>
          <Dropdown.Item onClick={() => props.onPublish('svg')}>
            <FaVectorSquare /> Save sketch as SVG
          </Dropdown.Item>
          <Dropdown.Item onClick={() => props.onPublish('vector-pdf')}>
            <FaFilePdf /> Save sketch as vector PDF (for print)
          </Dropdown.Item>
          <Dropdown.Item onClick={() => props.onPublish('items')}>
            <FaFileExcel /> Save item list (.xlsx)
          </Dropdown.Item>
          <Dropdown.Divider />
          <Dropdown.Header>P&amp;ID lists</Dropdown.Header>
          {LIST_ITEMS.map((item) => (
            <Dropdown.Item key={item.kind} onClick={() => props.onPublish(`list:${item.kind}`)}>
              <FaFileExcel /> {item.label}
            </Dropdown.Item>
          ))}
          <Dropdown.Divider />
          <Dropdown.Item onClick={() => props.onPublish('dexpi')}>
            <FaFileCode /> Export DEXPI (.xml)
          </Dropdown.Item>
        </Dropdown.Menu>
      </Dropdown>
      <Button
        size="sm"
        variant="outline-success"
        title={
          props.importRefused
            ? 'Viewers cannot add sketches to this project'
            : 'Import a DEXPI file as a new sketch'
        }
        disabled={props.importRefused}
        onClick={props.onImportDexpi}
      >
        <FaFileImport /> Import DEXPI
      </Button>
    </ButtonToolbar>
  );
}
