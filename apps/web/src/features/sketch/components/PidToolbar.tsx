import { Button, ButtonGroup, Dropdown, Form, InputGroup } from 'react-bootstrap';
import { FaBorderAll, FaMagnet } from 'react-icons/fa6';
import { TbBolt, TbRoute } from 'react-icons/tb';
import { SYMBOL_CATALOGUE, type EditorTool, type PidSpec } from '@penstock/shared';
import { CommitField } from './CommitField.tsx';

/** The line kinds and signal types the tools draw: the library's Pipelines and Signal Lines groups. */
export const LINE_TYPES = SYMBOL_CATALOGUE.filter((entry) => entry.group === 'Pipelines').map(
  (e) => e.category,
);
export const SIGNAL_TYPES = SYMBOL_CATALOGUE.filter((entry) => entry.group === 'Signal Lines').map(
  (entry) => entry.category,
);

const round = (value: number) => Math.round(value * 1000) / 1000;

interface Props {
  tool: EditorTool;
  onTool: (tool: EditorTool) => void;
  lineType: string;
  onLineType: (lineType: string) => void;
  signalType: string;
  onSignalType: (signalType: string) => void;
  pid: PidSpec;
  onPid: (pid: PidSpec) => void;
}

/**
 * The P&ID tools (issue 37): pipelines and signal lines with their kind, the grid (shown, snapped to, its
 * size), and the sketch's drawing scale and tag numbering.
 */
export function PidToolbar({
  tool,
  onTool,
  lineType,
  onLineType,
  signalType,
  onSignalType,
  pid,
  onPid,
}: Props) {
  const grid = (change: Partial<PidSpec['grid']>) => onPid({ ...pid, grid: { ...pid.grid, ...change } });
  const perSquare = pid.metresPerUnit === null ? '' : String(round(pid.metresPerUnit * pid.grid.size));
  return (
    <div className="d-flex flex-wrap gap-2 mb-2 align-items-center" role="toolbar" aria-label="P&ID tools">
      <ButtonGroup size="sm" aria-label="Line tools">
        <Button
          variant={tool === 'pipeline' ? 'primary' : 'outline-secondary'}
          aria-pressed={tool === 'pipeline'}
          title="Pipeline: click a port to start, click to bend, click a port to end (double click ends it free; Alt for any angle)"
          onClick={() => onTool(tool === 'pipeline' ? 'none' : 'pipeline')}
        >
          <TbRoute /> Pipeline
        </Button>
        <Button
          variant={tool === 'signal' ? 'primary' : 'outline-secondary'}
          aria-pressed={tool === 'signal'}
          title="Signal line between instruments"
          onClick={() => onTool(tool === 'signal' ? 'none' : 'signal')}
        >
          <TbBolt /> Signal line
        </Button>
      </ButtonGroup>
      {tool === 'pipeline' && (
        <Form.Select
          size="sm"
          style={{ width: 'auto', maxWidth: '13rem' }}
          aria-label="Line type"
          value={lineType}
          onChange={(event) => onLineType(event.target.value)}
        >
          {LINE_TYPES.map((type) => (
            <option key={type}>{type}</option>
          ))}
        </Form.Select>
      )}
      {tool === 'signal' && (
        <Form.Select
          size="sm"
          style={{ width: 'auto', maxWidth: '13rem' }}
          aria-label="Signal type"
          value={signalType}
          onChange={(event) => onSignalType(event.target.value)}
        >
          {SIGNAL_TYPES.map((type) => (
            <option key={type}>{type}</option>
          ))}
        </Form.Select>
      )}
      <ButtonGroup size="sm" aria-label="Grid">
        <Button
          variant={pid.grid.show ? 'secondary' : 'outline-secondary'}
          aria-pressed={pid.grid.show}
          title="Show the grid"
          onClick={() => grid({ show: !pid.grid.show })}
        >
          <FaBorderAll /> Grid
        </Button>
        <Button
          variant={pid.grid.snap ? 'secondary' : 'outline-secondary'}
          aria-pressed={pid.grid.snap}
          title="Snap to the grid"
          onClick={() => grid({ snap: !pid.grid.snap })}
        >
          <FaMagnet /> Snap
        </Button>
      </ButtonGroup>
      <InputGroup size="sm" style={{ width: '7.5rem' }}>
        <InputGroup.Text>Grid</InputGroup.Text>
        <Form.Control
          type="number"
          min={2}
          max={500}
          aria-label="Grid size"
          value={pid.grid.size}
          onChange={(event) => {
            const size = Number(event.target.value);
            if (size >= 2 && size <= 500) grid({ size });
          }}
        />
      </InputGroup>
      <Dropdown autoClose="outside">
        <Dropdown.Toggle size="sm" variant="outline-secondary">
          Scale and numbering
        </Dropdown.Toggle>
        <Dropdown.Menu className="p-2" style={{ minWidth: '18rem' }}>
          <Form.Group className="mb-2" controlId="pid-scale">
            <Form.Label className="small mb-1">
              Drawing scale: metres per grid square (empty: not to scale)
            </Form.Label>
            <Form.Control
              size="sm"
              type="number"
              min={0}
              step="any"
              value={perSquare}
              onChange={(event) => {
                const metres = Number(event.target.value);
                onPid({
                  ...pid,
                  metresPerUnit: event.target.value && metres > 0 ? metres / pid.grid.size : null,
                });
              }}
            />
          </Form.Group>
          <Form.Group className="mb-2" controlId="pid-pattern">
            <Form.Label className="small mb-1">
              Tag pattern ({'{prefix}'}, {'{area}'}, {'{seq:2}'})
            </Form.Label>
            <CommitField
              size="sm"
              value={pid.numbering.pattern}
              maxLength={60}
              accept={(pattern) => /\{seq(:\d)?\}/.test(pattern)}
              onCommit={(pattern) => onPid({ ...pid, numbering: { ...pid.numbering, pattern } })}
            />
          </Form.Group>
          <Form.Group controlId="pid-area">
            <Form.Label className="small mb-1">Area</Form.Label>
            <CommitField
              size="sm"
              value={pid.numbering.area}
              maxLength={10}
              accept={(area) => /^[A-Za-z0-9]{0,10}$/.test(area)}
              onCommit={(area) => onPid({ ...pid, numbering: { ...pid.numbering, area } })}
            />
          </Form.Group>
        </Dropdown.Menu>
      </Dropdown>
    </div>
  );
}
