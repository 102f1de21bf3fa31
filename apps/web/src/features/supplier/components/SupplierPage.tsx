import { useState, type ReactNode } from 'react';
import { Badge, Card, Col, Row } from 'react-bootstrap';
import { FaClipboardCheck, FaFilePdf, FaCirclePlay } from 'react-icons/fa6';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_SUPPLIER_ZONE_SETTINGS, mayGlobally } from '@penstock/shared';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser.ts';
import { ENGINEERING_CONTACT_EMAIL } from '../../engineering/EngineeringPage.tsx';
import { useSubmissions, useSupplierSettings } from '../hooks/useSupplier.ts';
import { CompetencyFormModal } from './form/CompetencyFormModal.tsx';
import { RegisterModal } from './register/RegisterModal.tsx';
import { ReviewScreen } from './review/ReviewScreen.tsx';
import { FormThumbnail, RegisterThumbnail } from './Thumbnails.tsx';
import { ZoneLinks } from './ZoneLinks.tsx';
import '../supplier.css';

type Dialog = 'form' | 'register';

/** One of the page's rows: a thumbnail that opens a modal, and what it is for. */
function AppRow({
  title,
  thumbnail,
  onOpen,
  children,
}: {
  title: string;
  thumbnail: ReactNode;
  onOpen: () => void;
  children: ReactNode;
}) {
  return (
    <Card className="mb-3 sdc-app-row">
      <Row className="g-0 align-items-center">
        <Col xs={12} sm="auto" className="p-3">
          <button type="button" className="sdc-thumbnail-button" aria-haspopup="dialog" onClick={onOpen}>
            {thumbnail}
            <span className="visually-hidden">{`Open the ${title}`}</span>
          </button>
        </Col>
        <Col className="p-3">
          <h2 className="h5">
            <button type="button" className="btn btn-link p-0 h5 mb-0 text-start" onClick={onOpen}>
              {title}
            </button>
          </h2>
          <div className="text-secondary small mb-0">{children}</div>
        </Col>
      </Row>
    </Card>
  );
}

/** For a register manager: the way to the submissions, with the number waiting. */
function ReviewRow() {
  const pending = useSubmissions('Pending');
  return (
    <Card className="mb-3 border-primary-subtle">
      <Card.Body className="d-flex align-items-center gap-3">
        <FaClipboardCheck className="fs-3 text-primary" aria-hidden="true" />
        <div>
          <h2 className="h5 mb-1">
            <Link to="/supplier?view=review">Review submissions</Link>{' '}
            {!!pending.data?.length && (
              <Badge bg="warning" text="dark" pill>
                {pending.data.length} waiting
              </Badge>
            )}
          </h2>
          <p className="text-secondary small mb-0">
            As supplier register manager you approve or reject new design competency submissions.
          </p>
        </div>
      </Card.Body>
    </Card>
  );
}

/** /supplier: 'NEW Design Competency Apps' (spec §2 'Supplier zone page'), open signed out. */
export function SupplierPage() {
  const [params] = useSearchParams();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // the shell has already asked who is signed in (this page opens in the public shell too): read its answer
  // without asking again, which would put the shell back to 'waiting' and unmount this page
  const user = useCurrentUser({ enabled: false }).data;
  const settingsQuery = useSupplierSettings();
  const settings = settingsQuery.data ?? DEFAULT_SUPPLIER_ZONE_SETTINGS;
  const manager = mayGlobally(user, 'reviewSupplierRegister');
  const close = () => setDialog(null);

  if (params.get('view') === 'review') return <ReviewScreen />;

  const signInNote =
    !user && [...settings.procedures, ...settings.trainingVideos].some((link) => link.url.startsWith('/')) ? (
      <p className="small text-secondary">
        These documents are kept in the project viewer: <Link to="/">sign in</Link> to open them.
      </p>
    ) : null;

  return (
    <div className="page-container sdc-page">
      <h1 className="h3 mb-3">NEW Design Competency Apps</h1>
      <p>
        Welcome to the Supplier Zone. Suppliers can apply to join the alliance&apos;s Design Competency
        Register and look up approved design suppliers, and find the engineering procedures and training used
        on our projects. This area is under development; for questions, contact the engineering team at{' '}
        <a href={`mailto:${ENGINEERING_CONTACT_EMAIL}`}>{ENGINEERING_CONTACT_EMAIL}</a>.
      </p>
      <AppRow title="Design Competency Form" thumbnail={<FormThumbnail />} onOpen={() => setDialog('form')}>
        Tell us which design work your company is competent to do: company details, areas of design
        competency, your design procedure and track record. No account is needed.
      </AppRow>
      <AppRow
        title="Design Competency Register"
        thumbnail={<RegisterThumbnail />}
        onOpen={() => setDialog('register')}
      >
        Approved design suppliers with their capabilities per discipline, the date of their last design review
        and a key contact. Filter by supplier and discipline.
      </AppRow>
      {manager && <ReviewRow />}
      <p className="small" data-testid="sdc-contact">
        To update your entry on the register, or to have it removed, e-mail{' '}
        <a href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</a>.
      </p>
      <ZoneLinks
        title="Procedures and guidance documents"
        links={settings.procedures}
        icon={<FaFilePdf aria-hidden="true" />}
        note={signInNote}
      />
      <ZoneLinks
        title="Training videos"
        links={settings.trainingVideos}
        icon={<FaCirclePlay aria-hidden="true" />}
        note={signInNote}
      />
      <CompetencyFormModal show={dialog === 'form'} onHide={close} />
      <RegisterModal show={dialog === 'register'} onHide={close} />
    </div>
  );
}
