import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Badge,
  Button,
  ButtonGroup,
  Card,
  Col,
  Container,
  Modal,
  Row,
  Spinner,
} from 'react-bootstrap';
import { FaArrowRight, FaCube, FaFilePdf } from 'react-icons/fa6';
import { Brand } from '../../../components/Brand.tsx';
import { AccordionDemo, FormDemo, TableDemo } from './StyleGuideSections.tsx';

const VARIANTS = ['primary', 'secondary', 'success', 'danger', 'warning', 'info', 'light', 'dark'] as const;

export function DemoSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-5" aria-labelledby={`demo-${title}`}>
      <h2 id={`demo-${title}`} className="h4 border-bottom pb-2 mb-3">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /bootstrap: the style guide. Bootstrap's components as the app dresses them; no product behaviour. */
export function StyleGuidePage() {
  const [modalOpen, setModalOpen] = useState(false);
  return (
    <div className="styleguide bg-body-tertiary min-vh-100">
      <header className="app-header py-3 mb-4">
        <Container className="d-flex align-items-center justify-content-between">
          <Brand light />
          <Link to="/" className="link-light small">
            Back to the sign-in page
          </Link>
        </Container>
      </header>
      <Container as="main" className="pb-5">
        <h1 className="h2 mb-1">Style guide</h1>
        <p className="text-secondary mb-5">
          The Bootstrap components of Penstock, in the app&apos;s light theme.
        </p>

        <DemoSection title="Buttons">
          <div className="d-flex flex-wrap gap-2 mb-3">
            {VARIANTS.map((variant) => (
              <Button key={variant} variant={variant}>
                {variant}
              </Button>
            ))}
          </div>
          <div className="d-flex flex-wrap gap-2 mb-3">
            {VARIANTS.map((variant) => (
              <Button key={variant} variant={`outline-${variant}`}>
                {variant}
              </Button>
            ))}
          </div>
          <div className="d-flex flex-wrap align-items-center gap-2">
            <Button size="sm">Small</Button>
            <Button size="lg">Large</Button>
            <Button disabled>Disabled</Button>
            <Button variant="primary" disabled>
              <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
              Loading
            </Button>
            <ButtonGroup aria-label="Button group">
              <Button variant="outline-secondary">Left</Button>
              <Button variant="outline-secondary">Middle</Button>
              <Button variant="outline-secondary">Right</Button>
            </ButtonGroup>
          </div>
        </DemoSection>

        <DemoSection title="Alerts and badges">
          {(['primary', 'success', 'warning', 'danger', 'info'] as const).map((variant) => (
            <Alert key={variant} variant={variant}>
              A {variant} alert with <Alert.Link href="#alerts">a link</Alert.Link>.
            </Alert>
          ))}
          <div className="d-flex flex-wrap gap-2">
            {VARIANTS.map((variant) => (
              <Badge
                key={variant}
                bg={variant}
                text={variant === 'light' || variant === 'warning' ? 'dark' : undefined}
              >
                {variant}
              </Badge>
            ))}
            <Badge pill bg="primary">
              Pill
            </Badge>
          </div>
        </DemoSection>

        <DemoSection title="Cards">
          <Row xs={1} md={3} className="g-3">
            <Col>
              <Card className="h-100 shadow-sm">
                <Card.Body>
                  <Card.Title>
                    <FaCube className="me-2 text-primary" aria-hidden="true" />
                    Card title
                  </Card.Title>
                  <Card.Text className="text-secondary">
                    Some quick text to build on the card title.
                  </Card.Text>
                  <Button variant="outline-primary" size="sm">
                    Action <FaArrowRight aria-hidden="true" />
                  </Button>
                </Card.Body>
              </Card>
            </Col>
            <Col>
              <Card className="h-100 shadow-sm">
                <Card.Header>Header</Card.Header>
                <Card.Body>
                  <Card.Text>A card with a header and a footer.</Card.Text>
                </Card.Body>
                <Card.Footer className="text-secondary small">Footer</Card.Footer>
              </Card>
            </Col>
            <Col>
              <Card bg="primary" text="white" className="h-100 shadow-sm">
                <Card.Body>
                  <Card.Title>
                    <FaFilePdf className="me-2" aria-hidden="true" />
                    Coloured card
                  </Card.Title>
                  <Card.Text>Cards take the theme colours.</Card.Text>
                </Card.Body>
              </Card>
            </Col>
          </Row>
        </DemoSection>

        <DemoSection title="Modals">
          <Button onClick={() => setModalOpen(true)}>Open the modal</Button>
          <Modal show={modalOpen} onHide={() => setModalOpen(false)} centered>
            <Modal.Header closeButton>
              <Modal.Title>Modal title</Modal.Title>
            </Modal.Header>
            <Modal.Body>
              A modal dialog, closed by its buttons, the close control or the Escape key.
            </Modal.Body>
            <Modal.Footer>
              <Button variant="secondary" onClick={() => setModalOpen(false)}>
                Close
              </Button>
              <Button variant="primary" onClick={() => setModalOpen(false)}>
                Ok
              </Button>
            </Modal.Footer>
          </Modal>
        </DemoSection>

        <DemoSection title="Accordion">
          <AccordionDemo />
        </DemoSection>
        <DemoSection title="Forms">
          <FormDemo />
        </DemoSection>
        <DemoSection title="Tables">
          <TableDemo />
        </DemoSection>
      </Container>
    </div>
  );
}
