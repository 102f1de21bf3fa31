import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Col, Form, Row } from 'react-bootstrap';
import {
  DSEAR_PRACTITIONER_HINT,
  DSEAR_QUESTIONS,
  DSEAR_RATINGS,
  DSEAR_RESET_NOTE,
  DSEAR_SAVE_EDIT,
  DSEAR_SAVE_NEW,
  DsearEntryInputSchema,
  FLIDS_RISKS,
  YES_NO,
  formRag,
  practitionerFlagOf,
  type DsearEntry,
  type DsearPeople,
  type DsearZoneEntry,
  type YesNo,
} from '@penstock/shared';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import type { DsearDraft } from '../api.ts';
import { RagBadge } from './format.tsx';
import { PeopleSelect, PersonSelect } from './PersonSelect.tsx';
import { BlankOrSelect } from './BlankOrSelect.tsx';
import { ZoneLines } from './ZoneLines.tsx';

type Rating = DsearZoneEntry['rating'];
type FlidsRisk = DsearDraft['flidsRisk'];

/** The form's starting values: the stored entry when editing, otherwise a blank entry for the project. */
export function draftFrom(projectName: string, entry: DsearEntry | null, tmName: string): DsearDraft {
  if (!entry) {
    return {
      projectName,
      tm: tmName,
      sdms: [],
      leadEngineer: '',
      practitioner: '',
      practionerFlag: 'NO',
      flidsRisk: '',
      flidsOutcome: '',
      dsearZone: [],
      dsearIden: 'NO',
      dsearImp: 'NO',
      dsearSpec: 'NO',
      dsearApp: 'NO',
    };
  }
  return {
    id: entry.id,
    projectName: entry.projectName,
    tm: entry.tm,
    sdms: entry.sdms.map((sdm) => ({ email: sdm.email })),
    leadEngineer: entry.leadEngineer,
    practitioner: entry.practitioner,
    practionerFlag: practitionerFlagOf(entry.practitioner),
    flidsRisk: entry.flidsRisk as FlidsRisk,
    flidsOutcome: entry.flidsOutcome as Rating,
    dsearZone: entry.dsearZone.map((zone) => ({ ...zone })),
    dsearIden: entry.dsearIden,
    dsearImp: entry.dsearImp,
    dsearSpec: entry.dsearSpec,
    dsearApp: entry.dsearApp,
  };
}

function YesNoQuestion({
  name,
  text,
  value,
  onChange,
}: {
  name: string;
  text: string;
  value: YesNo;
  onChange: (value: YesNo) => void;
}) {
  return (
    <fieldset className="dsear-question d-md-flex align-items-center gap-3 mb-2">
      <legend className="fs-6 mb-1 mb-md-0 float-none w-auto flex-grow-1">{text}</legend>
      <div className="flex-shrink-0">
        {YES_NO.map((answer) => (
          <Form.Check
            key={answer}
            inline
            type="radio"
            id={`${name}-${answer}`}
            name={name}
            label={answer}
            checked={value === answer}
            onChange={() => onChange(answer)}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** The DSEAR form (spec §2, §5): shown when a project has no entry, or in edit mode. */
export function DsearForm({
  projectName,
  entry,
  tmName,
  people,
  peopleLoading,
  pending,
  error,
  onSubmit,
}: {
  projectName: string;
  entry: DsearEntry | null;
  /** the signed-in user's name, the technical manager of a new entry */
  tmName: string;
  people: DsearPeople | undefined;
  peopleLoading: boolean;
  pending: boolean;
  error: unknown;
  onSubmit: (draft: DsearDraft) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<DsearDraft>(() => draftFrom(projectName, entry, tmName));
  const [problems, setProblems] = useState<string[]>([]);
  const set = <K extends keyof DsearDraft>(key: K, value: DsearDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const editing = !!entry;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const payload: DsearDraft = {
      ...draft,
      practitioner: draft.practionerFlag === 'YES' ? draft.practitioner : '',
    };
    // the same schema the server applies: say what is wrong before sending
    const checked = DsearEntryInputSchema.safeParse(payload);
    if (!checked.success) {
      setProblems(checked.error.issues.map((issue) => issue.message));
      return;
    }
    setProblems([]);
    onSubmit(payload);
  };

  return (
    <Form className="dsear-form" aria-label="DSEAR entry" onSubmit={submit} noValidate>
      <Row className="g-3 mb-3">
        <Col xs={12} md={6}>
          <Form.Group controlId={`${id}-tm`}>
            <Form.Label>Technical manager</Form.Label>
            <Form.Control value={draft.tm} onChange={(e) => set('tm', e.target.value)} />
          </Form.Group>
        </Col>
        <Col xs={12} md={6}>
          <div className="form-label" id={`${id}-rag`}>
            TM RAG
          </div>
          <output className="d-block fs-5" aria-labelledby={`${id}-rag`}>
            <RagBadge rag={formRag(draft)} />
          </output>
        </Col>
        <Col xs={12} md={6}>
          <label className="form-label" htmlFor={`${id}-sdms`}>
            Senior design managers
          </label>
          <PeopleSelect
            id={`${id}-sdms`}
            people={people?.seniorDesignManagers ?? []}
            loading={peopleLoading}
            value={draft.sdms.map((s) => s.email)}
            onChange={(emails) =>
              set(
                'sdms',
                emails.map((email) => ({ email })),
              )
            }
          />
        </Col>
        <Col xs={12} md={6}>
          <label className="form-label" htmlFor={`${id}-lead`}>
            Checker/lead engineer
          </label>
          <PersonSelect
            id={`${id}-lead`}
            people={people?.checkerLeadEngineers ?? []}
            loading={peopleLoading}
            value={draft.leadEngineer ?? ''}
            onChange={(email) => set('leadEngineer', email)}
          />
        </Col>
        <Col xs={12} md={6}>
          <Form.Group controlId={`${id}-flag`}>
            <Form.Label>DSEAR practitioner engaged?</Form.Label>
            <Form.Select
              value={draft.practionerFlag}
              onChange={(e) => set('practionerFlag', e.target.value as YesNo)}
            >
              {YES_NO.map((answer) => (
                <option key={answer} value={answer}>
                  {answer}
                </option>
              ))}
            </Form.Select>
            {draft.practionerFlag === 'NO' && (
              <Form.Text className="text-warning-emphasis">{DSEAR_PRACTITIONER_HINT}</Form.Text>
            )}
          </Form.Group>
        </Col>
        {draft.practionerFlag === 'YES' && (
          <Col xs={12} md={6}>
            <label className="form-label" htmlFor={`${id}-practitioner`}>
              Practitioner
            </label>
            <PersonSelect
              id={`${id}-practitioner`}
              people={people?.practitioners ?? []}
              loading={peopleLoading}
              value={draft.practitioner ?? ''}
              onChange={(email) => set('practitioner', email)}
            />
          </Col>
        )}
      </Row>
      <Row className="g-3 mb-3">
        <Col xs={12} md={6}>
          <Form.Group controlId={`${id}-risk`}>
            <Form.Label>FLIDS risk</Form.Label>
            <BlankOrSelect
              options={FLIDS_RISKS}
              value={draft.flidsRisk}
              onChange={(value) => set('flidsRisk', value)}
            />
          </Form.Group>
        </Col>
        <Col xs={12} md={6}>
          <Form.Group controlId={`${id}-outcome`}>
            <Form.Label>FLIDS outcome</Form.Label>
            <BlankOrSelect
              options={DSEAR_RATINGS}
              value={draft.flidsOutcome}
              onChange={(value) => set('flidsOutcome', value)}
            />
          </Form.Group>
        </Col>
        <Col xs={12}>
          <label className="form-label" htmlFor={`${id}-zones`}>
            DSEAR zones
          </label>
          <ZoneLines
            inputId={`${id}-zones`}
            zones={draft.dsearZone}
            onChange={(zones) => set('dsearZone', zones)}
          />
        </Col>
      </Row>
      <div className="mb-3">
        {DSEAR_QUESTIONS.map((q) => (
          <YesNoQuestion
            key={q.key}
            name={`${id}-${q.key}`}
            text={q.text}
            value={draft[q.key]}
            onChange={(answer) => set(q.key, answer)}
          />
        ))}
      </div>
      <Alert variant="info" role="note" className="small py-2">
        {DSEAR_RESET_NOTE}
      </Alert>
      {problems.length > 0 && (
        <Alert variant="warning" className="small py-2">
          <strong className="me-1">Please correct the entry:</strong>
          {problems.join('; ')}
        </Alert>
      )}
      {error != null && <ErrorAlert error={error} title="The entry was not saved." />}
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? 'Saving...' : editing ? DSEAR_SAVE_EDIT : DSEAR_SAVE_NEW}
      </Button>
    </Form>
  );
}
