import { Card } from 'react-bootstrap';
import { DISCIPLINES, OTHER_OPTION, logoPathOf, type SdcRegisterRecord } from '@penstock/shared';

const dash = (text: string | undefined) => (text && text.trim() !== '' ? text : '–');

/**
 * One supplier of the register (spec §2): company name, logo, the capability lists per discipline with
 * the 'other' text, supported-by, the date of last design review and the key contact's details. Every
 * answer is shown as text.
 */
export function SupplierCard({ record }: { record: SdcRegisterRecord & { id: string } }) {
  const data = record.Data;
  const logo = logoPathOf(record.LogoName);
  const disciplines = DISCIPLINES.map((discipline) => ({
    ...discipline,
    chosen: data[discipline.listField] ?? [],
  })).filter((discipline) => discipline.chosen.length > 0);
  return (
    <Card className="h-100 sdc-card" as="article" aria-label={data.companyName}>
      <Card.Header className="d-flex align-items-center gap-3 bg-white">
        {logo && <img src={logo} alt={`${data.companyName} logo`} className="sdc-card-logo" />}
        <Card.Title as="h3" className="h5 mb-0">
          {data.companyName}
        </Card.Title>
      </Card.Header>
      <Card.Body className="small">
        {disciplines.length === 0 && <p className="text-secondary">No design competencies listed.</p>}
        {disciplines.map((discipline) => (
          <div key={discipline.key} className="mb-2">
            <h4 className="h6 mb-1">{discipline.title}</h4>
            <ul className="mb-0 ps-3">
              {discipline.chosen.map((option) => (
                <li key={option}>
                  {option === OTHER_OPTION && data[discipline.otherField]
                    ? `Other: ${data[discipline.otherField]}`
                    : option}
                </li>
              ))}
            </ul>
          </div>
        ))}
        <dl className="sdc-card-facts mb-0 mt-3">
          <dt>Supported by</dt>
          <dd>{dash(data.supportedBy)}</dd>
          <dt>Date of last design review</dt>
          <dd>{dash(data.dateOfLastReview)}</dd>
          <dt>Key contact</dt>
          <dd>{dash(data.name)}</dd>
          <dt>Phone</dt>
          <dd>{dash(data.companyPhone)}</dd>
          <dt>Address</dt>
          <dd className="sdc-preserve-lines">{dash(data.companyAddress)}</dd>
          <dt>Email</dt>
          <dd>{data.companyEmail ? <a href={`mailto:${data.companyEmail}`}>{data.companyEmail}</a> : '–'}</dd>
        </dl>
      </Card.Body>
    </Card>
  );
}
