import { Form } from 'react-bootstrap';
import {
  FLOW_DIRECTIONS,
  staticPropertyFields,
  type LegendData,
  type LineData,
  type PipelineElement,
  type SignalLineElement,
} from '@penstock/shared';
import { CommitField } from './CommitField.tsx';
import { LINE_TYPES, SIGNAL_TYPES } from './PidToolbar.tsx';
import { StaticPropertyFields } from './StaticPropertyFields.tsx';

/** Guide properties of pipelines that the line data already holds (fluid code, nominal size). */
const LINE_DATA_PROPERTIES = /^(fluid code|size\b)/i;

const FLOW_LABELS: Record<LineData['flow'], string> = {
  forward: 'Start to end',
  reverse: 'End to start',
  none: 'Not shown',
};

/** A select of the known values, keeping a value that is not (any more) among them. */
function Choice({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  const known = options.some((option) => option.value === value);
  return (
    <Form.Group className="mb-2" controlId={`pid-line-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`}>
      <Form.Label className="small mb-0">{label}</Form.Label>
      <Form.Select size="sm" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">-</option>
        {!known && value && <option value={value}>{value}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/** A pipeline's line data and properties (issue 37 §1), or a signal line's type. */
export function LinePropertiesForm({
  line,
  legend,
  onChange,
}: {
  line: PipelineElement | SignalLineElement;
  legend: LegendData | undefined;
  onChange: (line: PipelineElement | SignalLineElement) => void;
}) {
  if (line.tool === 'signal')
    return (
      <Form.Group className="mb-2" controlId="pid-signal-type">
        <Form.Label className="small mb-0">Signal type</Form.Label>
        <Form.Select
          size="sm"
          value={line.signalType}
          onChange={(event) => onChange({ ...line, signalType: event.target.value })}
        >
          {SIGNAL_TYPES.map((type) => (
            <option key={type}>{type}</option>
          ))}
        </Form.Select>
      </Form.Group>
    );
  const data = (change: Partial<LineData>) => onChange({ ...line, line: { ...line.line, ...change } });
  return (
    <>
      <Form.Group className="mb-2" controlId="pid-line-type">
        <Form.Label className="small mb-0">Line type</Form.Label>
        <Form.Select
          size="sm"
          value={line.lineType}
          onChange={(event) => onChange({ ...line, lineType: event.target.value })}
        >
          {LINE_TYPES.map((type) => (
            <option key={type}>{type}</option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="mb-2" controlId="pid-line-number">
        <Form.Label className="small mb-0">Line number</Form.Label>
        <CommitField
          size="sm"
          value={line.line.lineNumber}
          maxLength={100}
          placeholder="e.g. 150-WW-101"
          onCommit={(lineNumber) => data({ lineNumber: lineNumber.trim() })}
        />
      </Form.Group>
      <Choice
        label="Fluid code"
        value={line.line.fluidCode}
        options={(legend?.fluidCodes ?? []).map((code) => ({
          value: code.fluidCode,
          label: `${code.fluidCode} – ${code.fluidDescription}`,
        }))}
        onChange={(fluidCode) => data({ fluidCode })}
      />
      <Form.Group className="mb-2" controlId="pid-line-size">
        <Form.Label className="small mb-0">Nominal size</Form.Label>
        <CommitField
          size="sm"
          value={line.line.nominalSize}
          maxLength={30}
          placeholder="e.g. DN150"
          onCommit={(nominalSize) => data({ nominalSize: nominalSize.trim() })}
        />
      </Form.Group>
      <Choice
        label="Pipe spec"
        value={line.line.pipeSpec}
        options={(legend?.pipeMaterials ?? []).map((material) => ({
          value: material.materialCode,
          label: `${material.materialCode} – ${material.materialDescription}`,
        }))}
        onChange={(pipeSpec) => data({ pipeSpec })}
      />
      <Form.Group className="mb-2" controlId="pid-line-flow">
        <Form.Label className="small mb-0">Flow direction</Form.Label>
        <Form.Select
          size="sm"
          value={line.line.flow}
          onChange={(event) => data({ flow: event.target.value as LineData['flow'] })}
        >
          {FLOW_DIRECTIONS.map((flow) => (
            <option key={flow} value={flow}>
              {FLOW_LABELS[flow]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <div className="d-flex gap-3 mb-2">
        <Form.Check
          id="pid-line-insulated"
          label="Insulated"
          checked={line.line.insulated}
          onChange={(event) => data({ insulated: event.target.checked })}
        />
        <Form.Check
          id="pid-line-traced"
          label="Trace heated"
          checked={line.line.traced}
          onChange={(event) => data({ traced: event.target.checked })}
        />
      </div>
      <StaticPropertyFields
        fields={staticPropertyFields('Pipelines', line.lineType, legend?.staticPropertyGuide ?? []).filter(
          // the line data above holds these
          (field) => !LINE_DATA_PROPERTIES.test(field.name),
        )}
        values={line.props}
        onChange={(props) => onChange({ ...line, props })}
      />
    </>
  );
}
