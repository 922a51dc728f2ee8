import { Alert, Anchor, Button, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { invitedAs } from '../../../../domain/invitations.ts';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useInvitationPreview } from '../api/get-invitation-preview.ts';
import { AuthCard } from './auth-card.tsx';
import { SignUpForm } from './sign-up-form.tsx';

const signInLink = (
  <>
    Already have one?{' '}
    <Anchor component={Link} to="/sign-in">
      Sign in
    </Anchor>
  </>
);

/**
 * /sign-up, and /sign-up?invitation=… from an invitation mail: then the e-mail is the invited one (locked) and
 * the new account joins the inviting organization.
 */
export function SignUpPage() {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('invitation');
  const invitation = useInvitationPreview(code);

  if (!code) {
    return (
      <AuthCard title="Create your account" subtitle={signInLink}>
        <SignUpForm />
      </AuthCard>
    );
  }
  if (invitation.isPending) {
    return (
      <AuthCard title="Join your team on Spendguard">
        <Skeleton height={260} aria-label="Loading the invitation" />
      </AuthCard>
    );
  }
  const preview = invitation.data;
  const problem = invitation.isError
    ? `${rejectionMessage(invitation.error)} Check that the whole link from the e-mail was opened.`
    : preview?.problem;
  if (problem || !preview) {
    return (
      <AuthCard title="Create your account" subtitle={signInLink}>
        <Alert color="orange" title="This invitation cannot be used">
          {problem}
        </Alert>
        <SignUpForm />
      </AuthCard>
    );
  }
  if (preview.account_exists) {
    return (
      <AuthCard title={`Join ${preview.organization_name}`}>
        <Stack>
          <Text size="sm">
            {preview.email} already has a Spendguard account. Sign in with it to accept the invitation of{' '}
            {preview.invited_by}.
          </Text>
          <Button
            component={Link}
            to="/sign-in"
            state={{ returnTo: `/organization?invitation=${encodeURIComponent(code)}` }}
          >
            Sign in to accept
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={`Join ${preview.organization_name}`}
      subtitle={`${preview.invited_by} invited you ${invitedAs(preview.role, preview.team_name)}. Create your account to join.`}
    >
      <SignUpForm invitation={{ code, email: preview.email }} />
    </AuthCard>
  );
}
