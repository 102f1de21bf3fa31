import type { ReactNode } from 'react';
import { Card, Col, Row } from 'react-bootstrap';
import type { SupplierZoneLink } from '@penstock/shared';

/**
 * A section of link cards: the procedures and guidance documents, or the training videos. A card without
 * a link says so instead of leading nowhere.
 */
export function ZoneLinks({
  title,
  links,
  icon,
  note,
}: {
  title: string;
  links: readonly SupplierZoneLink[];
  icon: ReactNode;
  note?: ReactNode;
}) {
  const id = `sdc-links-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="mt-4">
      <h2 id={id} className="h4">
        {title}
      </h2>
      {note}
      <Row xs={1} sm={2} lg={3} xxl={4} className="g-3">
        {links.map((link, index) => (
          <Col key={`${index}-${link.title}`}>
            <Card className="h-100 sdc-link-card">
              <Card.Body className="d-flex gap-3 align-items-start">
                <span className="sdc-link-icon fs-4">{icon}</span>
                <div>
                  <Card.Title as="h3" className="h6 mb-1">
                    {link.url ? (
                      <a href={link.url} target="_blank" rel="noopener noreferrer" className="stretched-link">
                        {link.title}
                      </a>
                    ) : (
                      link.title
                    )}
                  </Card.Title>
                  {!link.url && (
                    <Card.Text className="small text-secondary mb-0">Not available yet</Card.Text>
                  )}
                </div>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
