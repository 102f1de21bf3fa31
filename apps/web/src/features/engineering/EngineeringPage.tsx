import type { ReactNode } from 'react';
import { Badge, Card, Col, Row } from 'react-bootstrap';
import { FaBook, FaClipboardList, FaDiagramProject, FaPenRuler } from 'react-icons/fa6';
import { Link } from 'react-router';

interface Tool {
  title: string;
  summary: string;
  icon: ReactNode;
  /** the route of a tool that exists; the others are marked 'Coming later' */
  to?: string;
}

const TOOLS: Tool[] = [
  {
    title: 'DSEAR Register',
    summary:
      'Record hazardous-area (DSEAR) submissions per project, follow their RAG status and senior design manager approvals.',
    icon: <FaClipboardList aria-hidden="true" />,
    to: '/dsear',
  },
  {
    title: 'P&ID Legend',
    summary: 'P&ID symbols by group, fluid codes and pipe specifications.',
    icon: <FaBook aria-hidden="true" />,
  },
  {
    title: 'Fluid Codes & Pipe Specs',
    summary: 'The fluid code and pipe material keys used on P&IDs.',
    icon: <FaDiagramProject aria-hidden="true" />,
  },
  {
    title: 'Sketchup Tool',
    summary: 'A canvas for sketching P&IDs from drag-and-drop symbols.',
    icon: <FaPenRuler aria-hidden="true" />,
  },
];

function ToolTile({ tool }: { tool: Tool }) {
  const body = (
    <Card.Body className="d-flex gap-3 align-items-start">
      <span className="engineering-tile-icon fs-3">{tool.icon}</span>
      <div>
        <Card.Title as="h2" className="h5 mb-1">
          {tool.title}
          {!tool.to && (
            <Badge bg="secondary" className="ms-2 align-middle fw-normal small">
              Coming later
            </Badge>
          )}
        </Card.Title>
        <Card.Text className="text-secondary small mb-0">{tool.summary}</Card.Text>
      </div>
    </Card.Body>
  );
  return (
    <Card className={`h-100 engineering-tile ${tool.to ? 'engineering-tile-live' : 'opacity-75'}`}>
      {tool.to ? (
        <Link to={tool.to} className="d-block text-reset text-decoration-none" aria-label={tool.title}>
          {body}
        </Link>
      ) : (
        body
      )}
    </Card>
  );
}

/** /engineering: the welcome text and the engineering tools (spec §2 'Engineering landing page'). */
export function EngineeringPage() {
  return (
    <div className="page-container">
      <h1 className="h3 mb-3">Engineering Apps</h1>
      <p>
        Welcome to the engineering apps of the alliance project viewer. This area is under development: more
        tools will be added here over time.
      </p>
      <Row xs={1} md={2} className="g-3">
        {TOOLS.map((tool) => (
          <Col key={tool.title}>
            <ToolTile tool={tool} />
          </Col>
        ))}
      </Row>
    </div>
  );
}
