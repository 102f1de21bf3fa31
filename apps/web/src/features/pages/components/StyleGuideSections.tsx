import { Accordion, Badge, Button, Col, Form, InputGroup, Row, Table } from 'react-bootstrap';
import { FaMagnifyingGlass } from 'react-icons/fa6';

export function AccordionDemo() {
  return (
    <Accordion defaultActiveKey="0">
      {['First item', 'Second item', 'Third item'].map((title, index) => (
        <Accordion.Item key={title} eventKey={String(index)}>
          <Accordion.Header>{title}</Accordion.Header>
          <Accordion.Body>
            The body of the {title.toLowerCase()}, shown when its header is clicked.
          </Accordion.Body>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** Form controls only: the demo form submits nowhere. */
export function FormDemo() {
  return (
    <Form onSubmit={(event) => event.preventDefault()} className="bg-body p-4 rounded border">
      <Row className="g-3">
        <Col md={6}>
          <Form.Group controlId="demo-email">
            <Form.Label>Email address</Form.Label>
            <Form.Control type="email" placeholder="name@example.com" />
            <Form.Text>A help text under the field.</Form.Text>
          </Form.Group>
        </Col>
        <Col md={6}>
          <Form.Group controlId="demo-select">
            <Form.Label>Select</Form.Label>
            <Form.Select defaultValue="">
              <option value="">Choose...</option>
              <option>One</option>
              <option>Two</option>
            </Form.Select>
          </Form.Group>
        </Col>
        <Col md={6}>
          <Form.Label htmlFor="demo-search">Input group</Form.Label>
          <InputGroup>
            <InputGroup.Text>
              <FaMagnifyingGlass aria-hidden="true" />
            </InputGroup.Text>
            <Form.Control id="demo-search" placeholder="Search" />
          </InputGroup>
        </Col>
        <Col md={6}>
          <Form.Group controlId="demo-invalid">
            <Form.Label>Invalid field</Form.Label>
            <Form.Control isInvalid defaultValue="Wrong value" />
            <Form.Control.Feedback type="invalid">Please enter an answer in this field</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col md={12}>
          <Form.Group controlId="demo-text">
            <Form.Label>Text area</Form.Label>
            <Form.Control as="textarea" rows={3} />
          </Form.Group>
        </Col>
        <Col md={6}>
          <Form.Check type="checkbox" id="demo-check" label="Check box" />
          <Form.Check type="switch" id="demo-switch" label="Switch" />
        </Col>
        <Col md={6}>
          <Form.Check type="radio" name="demo-radio" id="demo-yes" label="Yes" />
          <Form.Check type="radio" name="demo-radio" id="demo-no" label="No" />
        </Col>
        <Col md={12}>
          <Form.Label htmlFor="demo-range">Range</Form.Label>
          <Form.Range id="demo-range" />
        </Col>
      </Row>
      <div className="d-flex gap-2 mt-3">
        <Button type="submit">Submit</Button>
        <Button type="reset" variant="outline-secondary">
          Reset
        </Button>
      </div>
    </Form>
  );
}

const ROWS = [
  { tag: 'P-101', item: 'Raw water pump', status: 'Installed', variant: 'success' },
  { tag: 'V-204', item: 'Penstock valve', status: 'Ordered', variant: 'warning' },
  { tag: 'T-300', item: 'Clarifier tank', status: 'Design', variant: 'secondary' },
] as const;

export function TableDemo() {
  return (
    <Table striped hover responsive className="bg-body align-middle">
      <thead>
        <tr>
          <th scope="col">Tag</th>
          <th scope="col">Item</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {ROWS.map((row) => (
          <tr key={row.tag}>
            <td className="font-monospace">{row.tag}</td>
            <td>{row.item}</td>
            <td>
              <Badge bg={row.variant}>{row.status}</Badge>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
