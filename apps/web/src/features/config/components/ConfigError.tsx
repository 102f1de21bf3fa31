import { Alert, Button } from 'react-bootstrap';
import { errorMessage } from '../../../base/api.ts';
import { useConfig } from '../hooks/useConfig.ts';

/** A clear message when the configuration files could not be loaded; nothing otherwise. */
export function ConfigError() {
  const config = useConfig();
  if (!config.isError) return null;
  return (
    <Alert variant="danger" className="m-3 mb-0">
      <Alert.Heading as="h2" className="h6">
        The configuration could not be loaded
      </Alert.Heading>
      <p className="mb-2 small">
        {errorMessage(config.error)} Projects can still be chosen, but files, names and the start page need
        the configuration.
      </p>
      <Button
        size="sm"
        variant="outline-danger"
        onClick={() => void config.refetch()}
        disabled={config.isFetching}
      >
        Try again
      </Button>
    </Alert>
  );
}
