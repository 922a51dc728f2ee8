import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle, IconCalendarOff, IconDatabase, IconInfoCircle } from '@tabler/icons-react';
import type { IngestionRunError, IntegrationView } from '../../../../contracts/integrations.ts';
import { formatDayWithYear, formatMonthRuns } from '../../../../domain/calendar-labels.ts';
import { OUTSIDE_HISTORY_NOTE } from '../../../../domain/plan-history-window.ts';
import { formatWhen } from '../../../lib/instant-format.ts';
import { HeldUploadAlert } from './held-upload-alert.tsx';

function FailurePlace({ error }: { error: IngestionRunError }) {
  if (!error.file) return null;
  return (
    <Text size="xs" mt={4}>
      File: {error.file}
      {error.column && ` · column ${error.column}`}
      {error.row !== null && ` · row ${error.row}`}
    </Text>
  );
}

/**
 * The last run's failure, apart from the data's state: when an earlier run's numbers are still served
 * the card says so instead of calling the integration broken.
 */
function LastRunFailure({ integration }: { integration: IntegrationView }) {
  const error = integration.last_error;
  if (!error) return null;
  const good = integration.last_good_run;
  const upload = integration.latest_run?.trigger !== 'sync';
  if (integration.state !== 'error' && good)
    return (
      <Alert
        color="orange"
        icon={<IconAlertTriangle size={18} />}
        title={`The last ${upload ? 'upload' : 'sync'} failed; the numbers from ${formatWhen(good.finished_at ?? good.created_at)} are still shown`}
        data-testid="last-run-failure"
      >
        {error.message}
        <FailurePlace error={error} />
      </Alert>
    );
  if (integration.state !== 'error') return null;
  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle size={18} />}
      title={
        good
          ? 'The last sync failed; the previous data is kept'
          : `The last ${upload ? 'upload' : 'sync'} failed`
      }
      data-testid="last-run-failure"
    >
      {error.message}
      <FailurePlace error={error} />
    </Alert>
  );
}

function MonthsOutsideHistory({ integration }: { integration: IntegrationView }) {
  const outside = integration.months_outside_history;
  if (!outside) return null;
  const months = formatMonthRuns(outside.months);
  return (
    <Alert
      color="blue"
      icon={<IconCalendarOff size={18} />}
      title="Stored, but outside your plan's history"
      data-testid="months-outside-history"
    >
      {months} {outside.months.length === 1 ? 'is' : 'are'} stored but not shown: your plan shows spend from{' '}
      {formatDayWithYear(outside.visible_from)}. {outside.remedy}
    </Alert>
  );
}

/** The notes of the last good run (rows read null-padded, months AWS restated), history notes aside. */
function RunNotes({ integration }: { integration: IntegrationView }) {
  const run = integration.latest_run;
  if (run?.state !== 'succeeded') return null;
  const notes = run.warnings.filter((note) => !note.startsWith(OUTSIDE_HISTORY_NOTE));
  if (notes.length === 0) return null;
  return (
    <Alert
      color="yellow"
      icon={<IconInfoCircle size={18} />}
      title="Notes on the last file"
      data-testid="run-notes"
    >
      <List size="sm" spacing={2}>
        {notes.map((note) => (
          <List.Item key={note}>{note}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** The server's word that this bill outgrew the embedded database (decision 079). */
function DatabaseAdvice({ integration }: { integration: IntegrationView }) {
  if (!integration.database_advice) return null;
  return (
    <Alert
      color="orange"
      icon={<IconDatabase size={18} />}
      title="Time to move to PostgreSQL"
      data-testid="database-advice"
    >
      {integration.database_advice}
    </Alert>
  );
}

/** What the person should know about the integration's last run and its data. */
export function RunOutcomeAlerts({
  integration,
  uploadRefusal,
}: {
  integration: IntegrationView;
  uploadRefusal: string | null;
}) {
  const run = integration.latest_run;
  return (
    <>
      {uploadRefusal && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title="Upload refused"
          data-testid="upload-refused"
        >
          {uploadRefusal}
        </Alert>
      )}
      {run?.state === 'held' && <HeldUploadAlert integrationId={integration.id} run={run} />}
      {!uploadRefusal && <LastRunFailure integration={integration} />}
      <RunNotes integration={integration} />
      <MonthsOutsideHistory integration={integration} />
      <DatabaseAdvice integration={integration} />
    </>
  );
}
