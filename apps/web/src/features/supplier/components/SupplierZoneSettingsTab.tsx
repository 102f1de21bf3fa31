import { useState } from 'react';
import { Alert, Button, Col, Form, Row } from 'react-bootstrap';
import { FaPlus, FaTrash } from 'react-icons/fa6';
import {
  SupplierZoneSettingsSchema,
  type SupplierZoneLink,
  type SupplierZoneSettings,
} from '@penstock/shared';
import { describeError } from './settingsErrors.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { useSaveSupplierSettings, useSupplierSettings } from '../hooks/useSupplier.ts';

type ListKey = 'procedures' | 'trainingVideos';

function LinkList({
  label,
  links,
  onChange,
}: {
  label: string;
  links: SupplierZoneLink[];
  onChange: (links: SupplierZoneLink[]) => void;
}) {
  const update = (index: number, change: Partial<SupplierZoneLink>) =>
    onChange(links.map((link, i) => (i === index ? { ...link, ...change } : link)));
  return (
    <fieldset className="mb-4">
      <legend className="h6">{label}</legend>
      {links.map((link, index) => (
        <Row key={index} className="g-2 mb-2 align-items-center">
          <Col md={5}>
            <Form.Control
              size="sm"
              aria-label={`${label} ${index + 1}: title`}
              value={link.title}
              maxLength={120}
              onChange={(event) => update(index, { title: event.target.value })}
            />
          </Col>
          <Col md={6}>
            <Form.Control
              size="sm"
              aria-label={`${label} ${index + 1}: link`}
              placeholder="https://... or /api/items/.../content"
              value={link.url}
              maxLength={2000}
              onChange={(event) => update(index, { url: event.target.value })}
            />
          </Col>
          <Col md={1}>
            <Button
              variant="link"
              size="sm"
              className="text-danger"
              aria-label={`Remove ${link.title || `card ${index + 1}`}`}
              onClick={() => onChange(links.filter((_, i) => i !== index))}
            >
              <FaTrash aria-hidden="true" />
            </Button>
          </Col>
        </Row>
      ))}
      <Button
        variant="outline-secondary"
        size="sm"
        onClick={() => onChange([...links, { title: '', url: '' }])}
      >
        <FaPlus aria-hidden="true" className="me-1" />
        Add a card
      </Button>
    </fieldset>
  );
}

function SettingsForm({ initial }: { initial: SupplierZoneSettings }) {
  const save = useSaveSupplierSettings();
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const setList = (key: ListKey) => (links: SupplierZoneLink[]) => setDraft({ ...draft, [key]: links });
  return (
    <Form
      aria-label="Supplier Zone settings"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = SupplierZoneSettingsSchema.safeParse(draft);
        if (!parsed.success) return setProblem(describeError(parsed.error));
        setProblem(null);
        save.mutate(parsed.data);
      }}
    >
      <p className="small text-secondary">
        The Supplier Zone&apos;s cards and the address suppliers write to about their register entry. A link
        is an address starting https:// or a path of this site, such as a document&apos;s
        /api/items/&lt;id&gt;/content; a card without a link shows &apos;Not available yet&apos;.
      </p>
      <Form.Group className="mb-4" controlId="sdc-settings-contact" style={{ maxWidth: '28rem' }}>
        <Form.Label>Contact address for register updates</Form.Label>
        <Form.Control
          type="email"
          value={draft.contactEmail}
          onChange={(event) => setDraft({ ...draft, contactEmail: event.target.value })}
        />
      </Form.Group>
      <LinkList
        label="Procedures and guidance documents"
        links={draft.procedures}
        onChange={setList('procedures')}
      />
      <LinkList label="Training videos" links={draft.trainingVideos} onChange={setList('trainingVideos')} />
      {problem && (
        <Alert variant="danger" className="small py-2">
          {problem}
        </Alert>
      )}
      {save.isError && <ErrorAlert error={save.error} />}
      {save.isSuccess && !save.isPending && (
        <Alert variant="success" className="small py-2" role="status">
          Saved.
        </Alert>
      )}
      <Button type="submit" disabled={save.isPending}>
        Save
      </Button>
    </Form>
  );
}

/** Administration: the Supplier Zone's cards and contact address. */
export function SupplierZoneSettingsTab() {
  const settings = useSupplierSettings();
  if (settings.isPending) return <Loading label="Loading the Supplier Zone settings..." />;
  if (settings.isError) return <ErrorAlert error={settings.error} />;
  return <SettingsForm initial={settings.data} />;
}
