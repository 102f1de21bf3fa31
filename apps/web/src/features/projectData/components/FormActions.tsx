import { Alert, Button, Spinner } from 'react-bootstrap';
import type { FormConfig } from '@penstock/shared';
import type { FormKind, SubmitData } from '../api.ts';
import type { useFormSubmit } from '../hooks.ts';

/**
 * 'Save' and, for calculation forms, 'Run calculation': disabled until every entry of the validity map is
 * true; 'Saving...' with a spinner while in flight; then the alert banner (info, success, danger).
 */
export function FormActions({
  form,
  kind,
  valid,
  data,
  submitter,
}: {
  form: FormConfig;
  kind: FormKind;
  valid: boolean;
  /** what the form submits, built when a button is pressed */
  data: () => SubmitData;
  submitter: ReturnType<typeof useFormSubmit>;
}) {
  const { pending, action, banner, submit } = submitter;
  const busy = (which: 'save' | 'run') => pending && action === which;
  const spinner = <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />;
  const hint = valid ? undefined : 'Fill in the required fields first';
  return (
    <>
      <div className="d-flex gap-2 mt-2">
        <Button
          size="sm"
          variant="primary"
          disabled={!valid || pending}
          title={hint}
          onClick={() => submit(data(), 'save')}
        >
          {busy('save') ? spinner : null}
          {busy('save') ? 'Saving...' : 'Save'}
        </Button>
        {kind === 'calculation' && form.fmejob && (
          <Button
            size="sm"
            variant="outline-primary"
            disabled={!valid || pending}
            title={hint}
            onClick={() => submit(data(), 'run')}
          >
            {busy('run') ? spinner : null}
            {busy('run') ? 'Running...' : 'Run calculation'}
          </Button>
        )}
      </div>
      <div className="mt-2" aria-live="polite">
        {banner && (
          <Alert
            variant={banner.variant}
            className="small py-2 mb-0"
            role={banner.variant === 'danger' ? 'alert' : 'status'}
          >
            {banner.text}
          </Alert>
        )}
      </div>
    </>
  );
}
