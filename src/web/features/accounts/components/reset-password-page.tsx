import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useSearchParams } from 'react-router';
import { passwordProblem } from '../../../../domain/account-rules.ts';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { canSubmitEmail, emailFieldError } from '../../../lib/email-field.ts';
import { useRequestPasswordReset, useResetPassword } from '../api/reset-password.ts';
import { AuthCard } from './auth-card.tsx';

/** Step one asks for the address; the link in the mail comes back here with a token for step two. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  if (linkError) {
    return (
      <AuthCard title="Reset your password">
        <Alert color="red" title="This reset link cannot be used">
          It has expired or was already used. Ask for a new one below.
        </Alert>
        <RequestResetForm />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset your password">
      {token ? <NewPasswordForm token={token} /> : <RequestResetForm />}
    </AuthCard>
  );
}

function RequestResetForm() {
  const request = useRequestPasswordReset();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validateInputOnBlur: true,
    validate: { email: emailFieldError },
  });
  if (request.isSuccess) {
    return (
      <Alert color="green" title="Check your inbox">
        If an account exists for {form.values.email}, a link to set a new password is on its way. It works
        once, for one hour.
      </Alert>
    );
  }
  return (
    <form onSubmit={form.onSubmit((values) => request.mutate(values.email))} noValidate>
      <Stack>
        {request.isError && <Alert color="red">{rejectionMessage(request.error)}</Alert>}
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={request.isPending} disabled={!canSubmitEmail(form.values.email)}>
          Send the reset link
        </Button>
        <Anchor component={Link} to="/sign-in" size="sm">
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const form = useForm({
    mode: 'controlled',
    initialValues: { newPassword: '' },
    validate: { newPassword: (value) => passwordProblem(value) },
  });
  if (reset.isSuccess) {
    return (
      <Stack>
        <Alert color="green" title="Password changed">
          Your new password is set. Sign in with it now.
        </Alert>
        <Button component={Link} to="/sign-in">
          Sign in
        </Button>
      </Stack>
    );
  }
  return (
    <form
      onSubmit={form.onSubmit((values) => reset.mutate({ token, newPassword: values.newPassword }))}
      noValidate
    >
      <Stack>
        {reset.isError && (
          <Alert color="red" title="Could not set the password">
            {rejectionMessage(reset.error)}
          </Alert>
        )}
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          {...form.getInputProps('newPassword')}
        />
        <Button type="submit" loading={reset.isPending}>
          Set the new password
        </Button>
      </Stack>
    </form>
  );
}
