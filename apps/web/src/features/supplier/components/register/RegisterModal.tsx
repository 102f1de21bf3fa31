import { useMemo, useState } from 'react';
import { Alert, Col, Modal, Row } from 'react-bootstrap';
import {
  SDC_NO_RESULTS,
  emptySdcFilters,
  filterSdcRegister,
  listedRecords,
  supplierOptions,
} from '@penstock/shared';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import { Loading } from '../../../../components/Loading.tsx';
import { useSdcRegister } from '../../hooks/useSupplier.ts';
import { RegisterFilters } from './RegisterFilters.tsx';
import { SupplierCard } from './SupplierCard.tsx';

function RegisterBody() {
  const register = useSdcRegister();
  const [filters, setFilters] = useState(emptySdcFilters);
  const records = useMemo(() => listedRecords(register.data ?? {}), [register.data]);
  const shown = useMemo(() => filterSdcRegister(records, filters), [records, filters]);
  if (register.isPending) return <Loading label="Loading the register..." />;
  if (register.isError)
    return <ErrorAlert error={register.error} title="The register could not be loaded." />;
  return (
    <Row className="g-4">
      <Col md={4} lg={3}>
        <RegisterFilters suppliers={supplierOptions(records)} filters={filters} onChange={setFilters} />
      </Col>
      <Col md={8} lg={9}>
        <p className="small text-secondary" aria-live="polite">
          {shown.length} of {records.length} approved suppliers
        </p>
        {shown.length === 0 ? (
          <Alert variant="light" className="border">
            {SDC_NO_RESULTS}
          </Alert>
        ) : (
          <Row xs={1} xl={2} className="g-3" aria-label="Suppliers" role="list">
            {shown.map((record) => (
              <Col key={record.id} role="listitem">
                <SupplierCard record={record} />
              </Col>
            ))}
          </Row>
        )}
      </Col>
    </Row>
  );
}

/** The Design Competency Register (spec §2): filters on the left, supplier cards on the right. */
export function RegisterModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  return (
    <Modal
      show={show}
      onHide={onHide}
      size="xl"
      fullscreen="lg-down"
      scrollable
      aria-labelledby="sdc-register-title"
    >
      <Modal.Header closeButton>
        <Modal.Title id="sdc-register-title">Design Competency Register</Modal.Title>
      </Modal.Header>
      <Modal.Body>{show && <RegisterBody />}</Modal.Body>
    </Modal>
  );
}
