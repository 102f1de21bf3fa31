import { useState, type ReactNode } from 'react';
import { Card, Col, Row } from 'react-bootstrap';
import { FaBook, FaClipboardList, FaPenRuler, FaShapes } from 'react-icons/fa6';
import { Link } from 'react-router';
import { PidLegendModal, SymbolLibraryModal } from '../legend/index.ts';
import './engineering.css';

/**
 * Where questions about the engineering apps go (spec §1: the welcome text gives an engineering contact
 * address). No setting holds one yet; when one is added to the general settings, read it here instead.
 */
export const ENGINEERING_CONTACT_EMAIL = 'engineering@penstock.demo';

type Dialog = 'legend' | 'library';

interface Tool {
  title: string;
  summary: string;
  icon: ReactNode;
  /** a route to follow, or a dialog to open on this page */
  action: { to: string } | { dialog: Dialog };
}

const TOOLS: Tool[] = [
  {
    title: 'P&ID Legend',
    summary: 'P&ID symbols by group, fluid codes and pipe specifications, side by side.',
    icon: <FaBook aria-hidden="true" />,
    action: { dialog: 'legend' },
  },
  {
    title: 'P&ID Symbol Library',
    summary: 'Every symbol with its item name and static properties; click a cell to copy it.',
    icon: <FaShapes aria-hidden="true" />,
    action: { dialog: 'library' },
  },
  {
    title: 'Sketchup Tool',
    summary: 'A canvas for sketching P&IDs from drag-and-drop symbols.',
    icon: <FaPenRuler aria-hidden="true" />,
    action: { to: '/SketchUp' },
  },
  {
    title: 'DSEAR Register',
    summary:
      'Record hazardous-area (DSEAR) submissions per project, follow their RAG status and senior design manager approvals.',
    icon: <FaClipboardList aria-hidden="true" />,
    action: { to: '/dsear' },
  },
];

function ToolTile({ tool, onOpen }: { tool: Tool; onOpen: (dialog: Dialog) => void }) {
  const { action } = tool;
  // The title is the link or button, stretched over the whole tile (Bootstrap's stretched-link), so its
  // name is the text it shows (WCAG 2.5.3, axe label-content-name-mismatch) and the summary describes it.
  const summaryId = `engineering-tile-${tool.title.replace(/\W+/g, '-')}`;
  const title =
    'to' in action ? (
      <Link to={action.to} className="engineering-tile-action stretched-link" aria-describedby={summaryId}>
        {tool.title}
      </Link>
    ) : (
      <button
        type="button"
        className="engineering-tile-action stretched-link"
        aria-describedby={summaryId}
        aria-haspopup="dialog"
        onClick={() => onOpen(action.dialog)}
      >
        {tool.title}
      </button>
    );
  return (
    <Card className="h-100 engineering-tile">
      <Card.Body className="d-flex gap-3 align-items-start text-start">
        <span className="engineering-tile-icon fs-3">{tool.icon}</span>
        <div>
          <Card.Title as="h2" className="h5 mb-1">
            {title}
          </Card.Title>
          <Card.Text id={summaryId} className="text-secondary small mb-0">
            {tool.summary}
          </Card.Text>
        </div>
      </Card.Body>
    </Card>
  );
}

/** /engineering: the welcome text and the four engineering tools (spec §2 'Engineering landing page'). */
export function EngineeringPage() {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  return (
    <div className="page-container">
      <h1 className="h3 mb-3">Engineering Apps</h1>
      <p>
        Welcome to the engineering apps of the alliance project viewer. This area is under development: more
        tools will be added here over time. For questions or suggestions, contact the engineering team at{' '}
        <a href={`mailto:${ENGINEERING_CONTACT_EMAIL}`}>{ENGINEERING_CONTACT_EMAIL}</a>.
      </p>
      <Row xs={1} md={2} className="g-3">
        {TOOLS.map((tool) => (
          <Col key={tool.title}>
            <ToolTile tool={tool} onOpen={setDialog} />
          </Col>
        ))}
      </Row>
      <PidLegendModal show={dialog === 'legend'} onHide={close} />
      <SymbolLibraryModal show={dialog === 'library'} onHide={close} />
    </div>
  );
}
