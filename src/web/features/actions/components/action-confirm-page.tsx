import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ActionSteps, actionHeadline, nounOf, undoLabel, verb } from '../../../components/action-steps.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useUndoAction } from '../../../lib/resource-actions.ts';
import { useConfirmActionLink } from '../api/confirm-action-link.ts';
import { useActionLink } from '../api/get-action-link.ts';
import { useKeepActionLink } from '../api/keep-action-link.ts';
import { AutomaticPolicyNote } from './automatic-policy-note.tsx';

/**
 * Where the mail's link lands: what the action will change, and one button that confirms it. Opening
 * the page changes nothing; the link works once, for 24 hours, for these instances only.
 */
export function ActionConfirmPage() {
  const { token = '' } = useParams();
  const action = useActionLink(token);
  const confirm = useConfirmActionLink(token);
  const keep = useKeepActionLink(token);
  // Once confirmed, the person who confirmed may take it back from here, as from the app.
  const undo = useUndoAction();
  const shown = undo.data ?? keep.data ?? confirm.data ?? action.data;
  const failure = confirm.error ?? keep.error ?? undo.error;
  return (
    <PageContainer>
      <ScreenHeader
        title="Confirm an action"
        description="Nothing changes until you confirm. The link works once and for 24 hours."
      />
      <Paper withBorder radius="md" p="lg" maw={820}>
        <Stack>
          {action.isPending && <Text size="sm">Reading the proposal…</Text>}
          {action.error && (
            <Alert color="red" title="This link cannot be used" role="alert">
              {action.error.message}
            </Alert>
          )}
          {shown && (
            <>
              <Text fw={600} data-testid="action-headline">
                {actionHeadline(shown)}
              </Text>
              <AutomaticPolicyNote action={shown} />
              <ActionSteps action={shown} />
            </>
          )}
          {failure && (
            <Text c="red" size="sm" role="alert">
              {rejectionMessage(failure)}
            </Text>
          )}
          <Group justify="space-between">
            <Button component={Link} to="/launches" variant="subtle">
              Open the launch ledger
            </Button>
            {shown?.status === 'proposed' && (
              <Group>
                <Button variant="default" loading={keep.isPending} onClick={() => keep.mutate()}>
                  Keep them running
                </Button>
                <Button color="red" loading={confirm.isPending} onClick={() => confirm.mutate()}>
                  {`Confirm: ${verb(shown)} ${shown.steps.filter((step) => step.outcome === 'change').length} ${nounOf(shown)}`}
                </Button>
              </Group>
            )}
            {shown?.undoable && (
              <Button variant="light" loading={undo.isPending} onClick={() => undo.mutate(shown.id)}>
                {undoLabel(shown)}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </PageContainer>
  );
}
