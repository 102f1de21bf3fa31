import { useMemo } from 'react';
import { Accordion, Col, Modal, Row } from 'react-bootstrap';
import { SYMBOL_CATALOGUE, searchSymbols } from '@penstock/shared';
import { useCopy } from '../hooks/useCopy.ts';
import { useLegend } from '../hooks/useLegend.ts';
import { useOpenGroups } from '../hooks/useOpenGroups.ts';
import { CollapsibleTable } from './CollapsibleTable.tsx';
import { CopiedNote } from './CopiedNote.tsx';
import '../legend.css';

/** The 'P&ID Symbols' column: an accordion by group; a group's images load only once it is opened. */
function LegendSymbols() {
  const groups = useMemo(() => searchSymbols(SYMBOL_CATALOGUE, ''), []);
  const { open, seen, onSelect } = useOpenGroups();
  return (
    <section className="legend-column-section">
      <h3 className="h6 mb-2 fw-semibold">P&amp;ID Symbols</h3>
      <Accordion alwaysOpen activeKey={open} onSelect={onSelect} className="legend-accordion">
        {groups.map(({ group, symbols }) => (
          <Accordion.Item eventKey={group} key={group}>
            <Accordion.Header as="h4">
              {group} <span className="badge text-bg-secondary fw-normal ms-2">{symbols.length}</span>
            </Accordion.Header>
            <Accordion.Body className="p-2">
              {seen.has(group) && (
                <ul className="list-unstyled mb-0 legend-symbol-list">
                  {symbols.map((symbol) => (
                    <li key={symbol.id} className="d-flex align-items-center gap-2 py-1">
                      <img
                        className="legend-symbol-img"
                        src={symbol.src}
                        alt=""
                        loading="lazy"
                        decoding="async"
                      />
                      <span className="small">{symbol.category}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Accordion.Body>
          </Accordion.Item>
        ))}
      </Accordion>
    </section>
  );
}

function PidLegendBody() {
  const legend = useLegend();
  const { note, copy } = useCopy();
  const fluids = legend.data?.fluidCodes.map((f) => ({ code: f.fluidCode, description: f.fluidDescription }));
  const pipes = legend.data?.pipeMaterials.map((p) => ({
    code: p.materialCode,
    description: p.materialDescription,
  }));
  const onCopy = (text: string) => void copy(text);
  return (
    <>
      <Row xs={1} lg={3} className="g-3">
        <Col className="legend-column">
          <LegendSymbols />
        </Col>
        <Col className="legend-column">
          <CollapsibleTable
            title="Fluid Codes"
            rows={fluids}
            pending={legend.isPending}
            error={legend.error}
            onCopy={onCopy}
          />
        </Col>
        <Col className="legend-column">
          <CollapsibleTable
            title="Pipe Specs"
            rows={pipes}
            pending={legend.isPending}
            error={legend.error}
            onCopy={onCopy}
          />
        </Col>
      </Row>
      <CopiedNote note={note} />
    </>
  );
}

/** The P&ID Legend modal (id PID): symbols by group, fluid codes and pipe specs side by side. */
export function PidLegendModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  return (
    <Modal show={show} onHide={onHide} size="xl" id="PID" aria-labelledby="pid-legend-title">
      <Modal.Header closeButton>
        <Modal.Title id="pid-legend-title">P&amp;ID Legend</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-secondary mb-3">Click a code or description to copy it.</p>
        <PidLegendBody />
      </Modal.Body>
    </Modal>
  );
}
